import { type Kysely, sql } from 'kysely';

/** Failed logins per account and per IP, kept in the database so every server instance sees them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_failures (
      id         bigserial PRIMARY KEY,
      key        text NOT NULL,
      failed_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_failures_key_idx ON login_failures (key, failed_at DESC);
  `.execute(db);
}
