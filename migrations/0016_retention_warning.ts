import { type Kysely, sql } from 'kysely';

/**
 * A company's admins are told by e-mail a few days before retention deletes a video; this marks the
 * videos they were told about, so each is announced once (and again after the retention changes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE videos ADD COLUMN retention_warned_at timestamptz`.execute(db);
}
