// `npm run ledger:check`: every company's balance equals the sum of its ledger entries.
import { loadConfig } from '../server/config';
import { findDatabaseUrl } from '../server/db/connect';
import { openDatabase } from '../server/db/database';
import { findLedgerMismatches } from '../server/domains/ledger/invariant';

const database = openDatabase(await findDatabaseUrl(loadConfig()));
try {
  const mismatches = await findLedgerMismatches(database.db);
  const companies = await database.db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  for (const row of mismatches) {
    console.error(
      `company ${row.companyId}: balance ${row.balanceCents} cents, ledger sums to ${row.ledgerSumCents} cents`,
    );
  }
  console.log(`${companies.n} companies checked, ${mismatches.length} mismatched`);
  process.exitCode = mismatches.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
