import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database';
import { isRetryableConflict, transaction } from './transaction';

const { db } = await freshDatabase();

const raise = (code: string) =>
  sql`DO $$ BEGIN RAISE EXCEPTION 'raised for the test' USING ERRCODE = '${sql.raw(code)}'; END $$`;

describe('transaction', () => {
  it('runs again what PostgreSQL aborted for a deadlock or a serialization failure, then answers', async () => {
    for (const code of ['40P01', '40001']) {
      let attempts = 0;
      const answer = await transaction(db, async (trx) => {
        attempts += 1;
        if (attempts < 3) await raise(code).execute(trx);
        return 'done';
      });
      expect({ code, answer, attempts }).toEqual({ code, answer: 'done', attempts: 3 });
    }
  });

  it('gives up after five attempts with the database error itself', async () => {
    let attempts = 0;
    const run = transaction(db, async (trx) => {
      attempts += 1;
      await raise('40P01').execute(trx);
    });
    await expect(run).rejects.toSatisfy(isRetryableConflict);
    expect(attempts).toBe(5);
  });

  it('never repeats other errors, nor keeps what an aborted attempt wrote', async () => {
    await sql`CREATE TABLE attempts (n integer)`.execute(db);
    let attempts = 0;
    const run = transaction(db, async (trx) => {
      attempts += 1;
      await sql`INSERT INTO attempts VALUES (${attempts})`.execute(trx);
      await raise(attempts === 1 ? '40001' : '23505').execute(trx);
    });
    await expect(run).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(2);
    const kept = await sql<{ n: number }>`SELECT n FROM attempts`.execute(db);
    expect(kept.rows).toEqual([]);
  });

  it('settles a real deadlock between two transactions: both end, one of them run twice', async () => {
    await sql`CREATE TABLE pair (id integer PRIMARY KEY, v integer)`.execute(db);
    await sql`INSERT INTO pair VALUES (1, 0), (2, 0)`.execute(db);
    let runs = 0;
    let bothHoldOne: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      let held = 0;
      bothHoldOne = () => {
        held += 1;
        if (held === 2) resolve();
      };
    });
    // Each takes one row, waits until the other holds its own, then asks for the other's: a cycle.
    const crossing = (first: number, second: number) =>
      transaction(db, async (trx) => {
        runs += 1;
        await sql`UPDATE pair SET v = v + 1 WHERE id = ${first}`.execute(trx);
        if (runs <= 2) {
          bothHoldOne();
          await holding;
        }
        await sql`UPDATE pair SET v = v + 1 WHERE id = ${second}`.execute(trx);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(runs).toBe(3);
    const rows = await sql<{ id: number; v: number }>`SELECT id, v FROM pair ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 1, v: 2 },
      { id: 2, v: 2 },
    ]);
  });
});
