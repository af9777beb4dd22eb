import {
  type DeleteQueryBuilder,
  type DeleteResult,
  type SelectQueryBuilder,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** The tables a company owns: every table of the schema with a company_id column. */
export type CompanyTable = {
  [Table in keyof Database]: 'company_id' extends keyof Database[Table] ? Table : never;
}[keyof Database];

/**
 * A platform admin's explicit reach over every company (a listing of all messages, say): the one way
 * to read company rows without naming the company, and one that a reader of the call sees.
 */
export const EVERY_COMPANY = Symbol('every company');
export type CompanyScope = number | typeof EVERY_COMPANY;

// biome-ignore lint/complexity/noBannedTypes: Kysely's own type of a query that selects nothing yet
type NoSelection = {};

/** `table.company_id = scope`, or nothing for EVERY_COMPANY. */
// biome-ignore lint/suspicious/noExplicitAny: the builders are typed by the callers' table below
function scoped<Builder extends { where: (...args: any[]) => any }>(
  builder: Builder,
  table: CompanyTable,
  scope: CompanyScope,
): Builder {
  if (scope === EVERY_COMPANY) return builder;
  return builder.where(sql.ref(`${table}.company_id`), '=', scope);
}

/**
 * The one door to a company's rows: the queries of a company-owned table start here, already
 * filtered to the company, so a query that forgets the company cannot be written.
 *
 *   companyRows(db, user.companyId).selectFrom('videos').select(['id']).where('id', '=', videoId)
 *
 * The filter is on the named table (`videos.company_id`), so joins may follow.
 */
export function companyRows(db: Db, scope: CompanyScope) {
  return {
    selectFrom<Table extends CompanyTable>(table: Table) {
      return scoped(db.selectFrom(table as CompanyTable), table, scope) as unknown as SelectQueryBuilder<
        Database,
        Table,
        NoSelection
      >;
    },
    updateTable<Table extends CompanyTable>(table: Table) {
      return scoped(db.updateTable(table as CompanyTable), table, scope) as unknown as UpdateQueryBuilder<
        Database,
        Table,
        Table,
        UpdateResult
      >;
    },
    deleteFrom<Table extends CompanyTable>(table: Table) {
      return scoped(db.deleteFrom(table as CompanyTable), table, scope) as unknown as DeleteQueryBuilder<
        Database,
        Table,
        DeleteResult
      >;
    },
  };
}

/**
 * The company's live video `videoId` (not deleted), as a query to select from and lock:
 *
 *   videoOfCompany(trx, companyId, videoId).select(['id', 'revisions']).forUpdate().executeTakeFirst()
 *
 * Another company's id, or a deleted video, finds nothing: the service answers "not found".
 */
export function videoOfCompany(db: Db, companyId: number, videoId: number) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .where('videos.id', '=', videoId)
    .where('videos.deleted_at', 'is', null);
}
