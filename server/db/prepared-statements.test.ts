import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database';
import { type DatabaseHandle, openDatabase } from './database';
import { PREPARED_PER_CONNECTION } from './prepared-statements';

const { url } = await freshDatabase();

/** One connection, so every statement and `pg_prepared_statements` see the same session. */
function oneConnection(preparedStatements: boolean): DatabaseHandle {
  const handle = openDatabase(url, { max: 1, preparedStatements });
  afterAll(() => handle.close());
  return handle;
}

async function preparedTexts(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await handle.pool.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements ORDER BY prepare_time',
  );
  return rows.map((row) => row.statement);
}

const companyNamed = (handle: DatabaseHandle, name: string) =>
  handle.db.selectFrom('companies').select('id').where('name', '=', name).execute();

describe('prepared statements', () => {
  it('prepares a parameterised statement once per connection and reuses it', async () => {
    const handle = oneConnection(true);
    await companyNamed(handle, 'first');
    await companyNamed(handle, 'second');
    const texts = await preparedTexts(handle);
    expect(texts.filter((text) => text.includes('from "companies"'))).toHaveLength(1);
  });

  it('prepares nothing when turned off (DATABASE_PREPARED_STATEMENTS=false)', async () => {
    const handle = oneConnection(false);
    await companyNamed(handle, 'first');
    expect(await preparedTexts(handle)).toEqual([]);
  });

  it('sends a statement again whose first Parse an aborted transaction refused', async () => {
    const handle = oneConnection(true);
    const client = await handle.pool.connect();
    try {
      await client.query('BEGIN');
      await expect(client.query('SELECT 1 / $1::int', [0])).rejects.toThrow(/division by zero/);
      await expect(client.query('SELECT $1::text AS word', ['refused'])).rejects.toThrow(
        /current transaction is aborted/,
      );
      await client.query('ROLLBACK');
      const { rows } = await client.query('SELECT $1::text AS word', ['accepted']);
      expect(rows).toEqual([{ word: 'accepted' }]);
    } finally {
      client.release();
    }
  });

  it('keeps a statement prepared inside a transaction that rolled back', async () => {
    const handle = oneConnection(true);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('email', '=', 'nobody@example.com').execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const rows = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'x@example.com')
      .execute();
    expect(rows).toEqual([]);
    expect((await preparedTexts(handle)).some((text) => text.includes('from "users"'))).toBe(true);
  });

  it('runs multi-command texts without parameters unnamed, as before', async () => {
    const handle = oneConnection(true);
    await sql.raw('CREATE TEMP TABLE scratch (n int); INSERT INTO scratch VALUES (1)').execute(handle.db);
    const { rows } = await sql<{ n: number }>`SELECT n FROM scratch WHERE n = ${1}`.execute(handle.db);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it(`prepares at most ${PREPARED_PER_CONNECTION} texts per connection and runs the rest unnamed`, async () => {
    const handle = oneConnection(true);
    const extra = 20;
    for (let index = 0; index < PREPARED_PER_CONNECTION + extra; index += 1) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT ${index}::int + ${sql.raw(String(index))} AS n`.execute(handle.db);
      expect(rows[0]?.n).toBe(2 * index);
    }
    expect(await preparedTexts(handle)).toHaveLength(PREPARED_PER_CONNECTION);
  });
});
