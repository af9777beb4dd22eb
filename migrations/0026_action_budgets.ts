import { type Kysely, sql } from 'kysely';

/**
 * The hourly budget of each abusable action (sign-up, password-reset request, account mail, upload)
 * per user or client address, counted in the database: one statement spends from it, so calls that
 * arrive at once (a tRPC batch, parallel requests, several server instances) cannot all pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE action_budgets (
      action          text NOT NULL,
      key             text NOT NULL,
      window_ends_at  timestamptz NOT NULL,
      used            integer NOT NULL,
      PRIMARY KEY (action, key)
    );
    CREATE INDEX action_budgets_window_idx ON action_budgets (window_ends_at);
  `.execute(db);
}
