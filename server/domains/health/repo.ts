import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The smallest round trip: throws when the database does not answer. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
