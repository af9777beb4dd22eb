import { sql } from 'kysely';
import type { Db } from '../../server/db/database';

/**
 * A fingerprint of every row of every table (the application's and Graphile Worker's), so a test can
 * prove a refused request wrote nothing at all: no row added, changed or removed.
 */
export async function databaseDigest(db: Db): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const name of await tableNames(db)) {
    const row = await sql<{ rows: string; hash: string }>`
      select count(*)::text as rows, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as hash
        from ${sql.raw(name)} t`.execute(db);
    digest[name] = `${row.rows[0]?.rows} rows ${row.rows[0]?.hash}`;
  }
  return digest;
}

async function tableNames(db: Db): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select format('%I.%I', table_schema, table_name) as name
      from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'graphile_worker')
     order by 1`.execute(db);
  return tables.rows.map((row) => row.name);
}

/** The tables whose fingerprint differs between two digests. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/** The tables holding a row whose text contains `needle`. */
export async function tablesContaining(db: Db, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await tableNames(db)) {
    const row = await sql<{ n: string }>`
      select count(*) as n from ${sql.raw(name)} t where strpos(t::text, ${needle}) > 0`.execute(db);
    if (row.rows[0]?.n !== '0') found.push(name);
  }
  return found;
}
