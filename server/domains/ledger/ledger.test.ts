import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cents as asCents } from '../../../shared/money';
import { freshDatabase } from '../../../test/support/database';
import { InsufficientCredits } from '../../errors';
import { appendLedgerEntry, ledgerOfCompany } from './service';

const { db } = await freshDatabase();

async function companyWith(cents: number) {
  const { id } = await db
    .insertInto('companies')
    .values({ name: 'Co' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (cents > 0)
    await appendLedgerEntry(db, { companyId: id, kind: 'purchase', amountCents: asCents(cents) });
  return id;
}

describe('appendLedgerEntry', () => {
  it('accepts exactly the charges the balance covers out of 50 concurrent ones', async () => {
    const companyId = await companyWith(1000);
    const charges = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        db.transaction().execute((trx) =>
          appendLedgerEntry(trx, {
            companyId,
            kind: 'charge',
            amountCents: asCents(-100),
            reference: `video-${companyId}-${index}`,
          }),
        ),
      ),
    );
    const refused = charges.filter((charge) => charge.status === 'rejected');
    expect(charges.length - refused.length).toBe(10);
    expect(
      refused.every((charge) => charge.status === 'rejected' && charge.reason instanceof InsufficientCredits),
    ).toBe(true);
    const company = await db
      .selectFrom('companies')
      .select('credits_cents')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(company.credits_cents).toBe('0');
    const ledger = await ledgerOfCompany(db, companyId);
    expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
  });

  it('names the missing amount', async () => {
    const companyId = await companyWith(30);
    const charge = appendLedgerEntry(db, { companyId, kind: 'charge', amountCents: asCents(-100) });
    await expect(charge).rejects.toMatchObject({ missingCents: 70 });
  });
});

describe('ledgerOfCompany', () => {
  it('says which added language a charge and its refund were for, and no language for the rest', async () => {
    const companyId = await companyWith(500);
    await appendLedgerEntry(db, { companyId, kind: 'charge', amountCents: asCents(-100), reference: 'v-1' });
    // As the languages domain charges the translation of a language (issue 40).
    for (const [kind, amount] of [
      ['charge', -30],
      ['refund', 30],
    ] as const)
      await db
        .insertInto('credit_ledger')
        .values({
          company_id: companyId,
          kind,
          amount_cents: amount,
          reference: `language:${kind}`,
          language: 'fr',
        })
        .execute();
    const ledger = await ledgerOfCompany(db, companyId);
    expect(ledger.map((entry) => [entry.kind, entry.amountCents, entry.language])).toEqual([
      ['refund', 30, 'fr'],
      ['charge', -30, 'fr'],
      ['charge', -100, null],
      ['purchase', 500, null],
    ]);
  });
});

describe('the ledger invariant', () => {
  it('holds after concurrent work, and catches a balance changed behind the ledger’s back', async () => {
    const { findLedgerMismatches } = await import('./invariant');
    const companyId = await companyWith(500);
    await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        appendLedgerEntry(db, { companyId, kind: 'charge', amountCents: asCents(-40) }),
      ),
    );
    expect(await findLedgerMismatches(db)).toEqual([]);
    await db.updateTable('companies').set({ name: 'tampered' }).where('id', '=', companyId).execute();
    await sql`update companies set credits_cents = credits_cents + 1 where id = ${companyId}`.execute(db);
    expect(await findLedgerMismatches(db)).toEqual([{ companyId, balanceCents: 21, ledgerSumCents: 20 }]);
  });
});
