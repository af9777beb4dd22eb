import { type Kysely, sql } from 'kysely';

/**
 * A company's glossary: terms kept exactly as written in every language (brand and product names),
 * and terms with a fixed translation per output language. Used by the speech engines (as prompt or
 * keyterms), the language model's instructions and Google's protected spans.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE glossary_terms (
      id              serial PRIMARY KEY,
      company_id      integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      term            text NOT NULL CHECK (length(term) BETWEEN 1 AND 100),
      keep_as_written boolean NOT NULL,
      translations    jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE UNIQUE INDEX glossary_terms_company_term ON glossary_terms (company_id, lower(term))`.execute(
    db,
  );
}
