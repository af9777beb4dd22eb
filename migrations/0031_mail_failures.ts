import { type Kysely, sql } from 'kysely';

/**
 * When a mail a screen promised could not be sent (the mail server refused it, or kept answering
 * "try again later" past the retries): the confirmation link's token and the invitation remember
 * it, so the profile and the team screen say so instead of "we sent".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE account_tokens ADD COLUMN mail_failed_at timestamptz`.execute(db);
  await sql`ALTER TABLE company_invitations ADD COLUMN mail_failed_at timestamptz`.execute(db);
}
