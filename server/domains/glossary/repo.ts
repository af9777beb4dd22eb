import { sql } from 'kysely';
import type { GlossaryTerm, GlossaryTermInput } from '../../../shared/schemas/glossary';
import { glossaryTranslations } from '../../../shared/schemas/glossary';
import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';

const storedTranslations = glossaryTranslations.catch({});

function view(row: {
  id: number;
  term: string;
  keep_as_written: boolean;
  translations: unknown;
}): GlossaryTerm {
  return {
    id: row.id,
    term: row.term,
    keepAsWritten: row.keep_as_written,
    translations: storedTranslations.parse(row.translations),
  };
}

export async function listTerms(db: Db, companyId: number): Promise<GlossaryTerm[]> {
  const rows = await companyRows(db, companyId)
    .selectFrom('glossary_terms')
    .select(['id', 'term', 'keep_as_written', 'translations'])
    .orderBy(sql`lower(term)`)
    .orderBy('id')
    .execute();
  return rows.map(view);
}

export async function countTerms(db: Db, companyId: number): Promise<number> {
  const row = await companyRows(db, companyId)
    .selectFrom('glossary_terms')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds the term, or replaces the one of the same spelling (case aside); answers its id. */
export async function upsertTerm(db: Db, companyId: number, input: GlossaryTermInput): Promise<number> {
  const values = {
    term: input.term,
    keep_as_written: input.keepAsWritten,
    translations: JSON.stringify(input.translations),
  };
  const row = await sql<{ id: number }>`
    INSERT INTO glossary_terms (company_id, term, keep_as_written, translations)
    VALUES (${companyId}, ${values.term}, ${values.keep_as_written}, ${values.translations}::jsonb)
    ON CONFLICT (company_id, lower(term)) DO UPDATE
      SET term = EXCLUDED.term, keep_as_written = EXCLUDED.keep_as_written,
          translations = EXCLUDED.translations, updated_at = now()
    RETURNING id
  `.execute(db);
  return row.rows[0]?.id ?? 0;
}

export async function updateTerm(db: Db, companyId: number, id: number, input: GlossaryTermInput) {
  const result = await companyRows(db, companyId)
    .updateTable('glossary_terms')
    .set({
      term: input.term,
      keep_as_written: input.keepAsWritten,
      translations: JSON.stringify(input.translations),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findTermIdBySpelling(db: Db, companyId: number, term: string) {
  const row = await companyRows(db, companyId)
    .selectFrom('glossary_terms')
    .select('id')
    .where(sql<string>`lower(term)`, '=', term.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function deleteTerm(db: Db, companyId: number, id: number) {
  const result = await companyRows(db, companyId)
    .deleteFrom('glossary_terms')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function deleteAllTerms(db: Db, companyId: number) {
  return companyRows(db, companyId).deleteFrom('glossary_terms').execute();
}

export function companyName(db: Db, companyId: number) {
  return db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
}
