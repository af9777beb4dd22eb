// `npm run report:usage -- --company ID [--url http://127.0.0.1:3000]`: a company's balance, its
// videos and minutes, and where its euros went, through the typed API client. SUBTITLING_TOKEN is a
// personal API token (My Account › API tokens); an admin's may ask for any company, a user's for their own.
import { parseArgs } from 'node:util';
import { createApiClient } from '../server/client-sdk';
import { formatEuros } from '../shared/money';

const { values } = parseArgs({
  options: { company: { type: 'string' }, url: { type: 'string', default: 'http://127.0.0.1:3000' } },
});
const token = process.env.SUBTITLING_TOKEN;
const companyId = Number(values.company);
if (!token || !Number.isInteger(companyId) || companyId <= 0) {
  console.error('Usage: SUBTITLING_TOKEN=<API token> npm run report:usage -- --company ID [--url URL]');
  process.exit(2);
}

const api = createApiClient(values.url ?? 'http://127.0.0.1:3000', token);
const [company, ledger] = await Promise.all([
  api.companies.get.query({ id: companyId }),
  api.companies.ledger.query({ id: companyId }),
]);
const byKind = new Map<string, { count: number; cents: number }>();
for (const entry of ledger) {
  const total = byKind.get(entry.kind) ?? { count: 0, cents: 0 };
  byKind.set(entry.kind, { count: total.count + 1, cents: total.cents + entry.amountCents });
}
console.log(`${company.name} (company ${company.id}): balance ${formatEuros(company.creditsCents)}`);
for (const [kind, total] of byKind)
  console.log(`  ${kind.padEnd(10)} ${String(total.count).padStart(4)} × ${formatEuros(total.cents)}`);
