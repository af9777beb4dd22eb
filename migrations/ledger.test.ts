import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/support/database';

const { db } = await freshDatabase();

async function newCompany(name = 'Acme') {
  return db.insertInto('companies').values({ name }).returning('id').executeTakeFirstOrThrow();
}

async function balanceOf(companyId: number) {
  const row = await db
    .selectFrom('companies')
    .select('credits_cents')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.credits_cents);
}

describe('the credit ledger schema', () => {
  it('moves the balance with each entry and records the balance after it', async () => {
    const { id } = await newCompany();
    await db
      .insertInto('credit_ledger')
      .values({ company_id: id, kind: 'purchase', amount_cents: 500 })
      .execute();
    const entry = await db
      .insertInto('credit_ledger')
      .values({ company_id: id, kind: 'charge', amount_cents: -120 })
      .returning('balance_after_cents')
      .executeTakeFirstOrThrow();
    expect(entry.balance_after_cents).toBe('380');
    expect(await balanceOf(id)).toBe(380);
  });

  it('refuses an entry that would take the balance below zero and leaves it unchanged', async () => {
    const { id } = await newCompany();
    await db
      .insertInto('credit_ledger')
      .values({ company_id: id, kind: 'purchase', amount_cents: 100 })
      .execute();
    await expect(
      db.insertInto('credit_ledger').values({ company_id: id, kind: 'charge', amount_cents: -101 }).execute(),
    ).rejects.toThrow(/companies_credits_not_negative/);
    expect(await balanceOf(id)).toBe(100);
  });

  it('never goes negative under concurrent charges', async () => {
    const { id } = await newCompany();
    await db
      .insertInto('credit_ledger')
      .values({ company_id: id, kind: 'purchase', amount_cents: 1000 })
      .execute();
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        db
          .insertInto('credit_ledger')
          .values({ company_id: id, kind: 'charge', amount_cents: -100 })
          .execute(),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(10);
    expect(await balanceOf(id)).toBe(0);
  });

  it('accepts a reference only once per kind', async () => {
    const { id } = await newCompany();
    const entry = { company_id: id, kind: 'purchase' as const, amount_cents: 100, reference: 'cs_test_1' };
    await db.insertInto('credit_ledger').values(entry).execute();
    await expect(db.insertInto('credit_ledger').values(entry).execute()).rejects.toThrow(
      /credit_ledger_reference_unique/,
    );
    expect(await balanceOf(id)).toBe(100);
  });

  it('is append-only', async () => {
    const { id } = await newCompany();
    await db
      .insertInto('credit_ledger')
      .values({ company_id: id, kind: 'purchase', amount_cents: 100 })
      .execute();
    await expect(sql`update credit_ledger set amount_cents = 1`.execute(db)).rejects.toThrow(/append-only/);
  });
});

describe('the users schema', () => {
  it('treats emails as unique whatever their case', async () => {
    const user = { username: 'anna', email: 'Anna@Example.com', password_hash: 'x' };
    await db.insertInto('users').values(user).execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, email: 'anna@example.COM' })
        .execute(),
    ).rejects.toThrow(/users_email_unique/);
  });
});
