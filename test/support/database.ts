import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { type DatabaseHandle, type Db, openDatabase } from '../../server/db/database';
import { TEMPLATE_DATABASE, withDatabase } from './postgres-global';

/** A fresh, migrated database for the calling test file, dropped when the file ends. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const { handle, drop } = await openFreshDatabase();
  afterAll(drop);
  return handle;
}

/** A fresh, migrated database that the caller drops itself (for a test that opens several in turn). */
export async function openFreshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase(serverUrl, { max: 1 });
  await admin.pool.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const handle = openDatabase(withDatabase(serverUrl, name), { max: 20 });
  const drop = async () => {
    await handle.close();
    await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
  return { handle, drop };
}

/** A company's balance in cents, read straight from the database. */
export async function balanceCents(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select('credits_cents')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.credits_cents);
}
