import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database';

/** Sent when the transaction `db` belongs to commits (at once outside one), to every listener of `channel`. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** The connection receives `channel`'s notifications from now on. `channel` is ours, never a caller's. */
export async function listen(client: pg.Client, channel: string): Promise<void> {
  await client.query(`LISTEN ${channel}`);
}
