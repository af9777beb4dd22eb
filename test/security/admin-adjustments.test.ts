import { describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../server/domains/ledger/invariant';
import { appendLedgerEntry } from '../../server/domains/ledger/service';
import { cents } from '../../shared/money';
import { balanceCents } from '../support/database';
import { recordFigure } from '../support/figures';
import { adminToken, signedUpUser, testApp } from '../support/http';

const { call, db } = await testApp();
const ITERATIONS = 10;

describe('concurrent admin adjustments', () => {
  it(`set the balance to one of the values asked, each booked as the difference it made (${ITERATIONS} races)`, async () => {
    const admin = await adminToken(call);
    const user = await signedUpUser(call, 'adjusted');
    const companyId = user.companyId as number;
    for (let race = 0; race < ITERATIONS; race++) {
      const asked = [3, 7.5, 0, 12.25, 1];
      // Admins setting the balance while the company spends: a charge may be refused, never lost.
      const [answers] = await Promise.all([
        Promise.all(
          asked.map((credits) =>
            call('PUT', `/api/companies/${companyId}`, { token: admin, body: { data: { credits } } }),
          ),
        ),
        db
          .transaction()
          .execute((trx) =>
            appendLedgerEntry(trx, {
              companyId,
              kind: 'charge',
              amountCents: cents(-50),
              reference: `race:${race}`,
            }),
          )
          .catch(() => null),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(asked.map(() => 200));
      const balance = await balanceCents(db, companyId);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect([
        ...asked.map((euros) => Math.round(euros * 100)),
        ...asked.map((e) => Math.round(e * 100) - 50),
      ]).toContain(balance);
      expect(await findLedgerMismatches(db)).toEqual([]);
    }
    recordFigure('money races run', ITERATIONS, 'races of 5 admins setting one balance while it is charged');
  }, 60_000);
});
