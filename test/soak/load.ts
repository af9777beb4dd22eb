// `npm run test:soak`: a minute of concurrent load on the videos list, search and login across many
// companies' data. Fails on any error, on any answer holding another company's video, or when the
// server's memory keeps growing. Prints its figures at the end.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../server/app/http-app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateToLatest } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { createLogger } from '../../server/logger';
import { startEventHub } from '../../server/realtime/event-hub';
import { createServices } from '../../server/runtime';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const COMPANIES = 50;
const VIDEOS_PER_COMPANY = 200;
const CONCURRENCY = 16;
const SOAK_REPORT = path.resolve(import.meta.dirname, '../../test-reports/soak.json');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-soak-'));
// A throwaway cluster without durable writes (fsync=off, …): the figures say so, with the settings
// read back from it, since the product runs on PostgreSQL's durable defaults.
const postgres = await startEmbeddedPostgres({ dataDir, log: () => {}, ephemeral: true });
const database = openDatabase(postgres.url, { max: 20 });
await migrateToLatest(database.db, database.pool);
const { rows: settingRows } = await database.pool.query<{ name: string; setting: string }>(
  "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes') ORDER BY name",
);
const databaseSettings = Object.fromEntries(settingRows.map((row) => [row.name, row.setting]));
await seed(database.db, { email: 'admin@example.com', password: 'Admin-pass1!' });
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_SIGNUPS_PER_HOUR: '100000' });
const services = await createServices(config, database, createLogger('silent'), () => true);
const events = await startEventHub(postgres.url, services.logger);
const app = await buildApp(services, { serveClient: false, events });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: url.includes('/users/me') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Tenant {
  email: string;
  token: string;
  companyId: number;
}

async function tenant(index: number): Promise<Tenant> {
  const email = `soak${index}@example.com`;
  const password = 'Secret-pass1!';
  const { user } = (await post('/api/auth/local/register', {
    username: `soak${index}`,
    email,
    password,
  })) as { user: { id: number } };
  const { jwt } = await post<{ jwt: string }>('/api/auth/local', { identifier: email, password });
  const created = (await post(
    '/api/companies',
    { data: { name: `Soak ${index}`, address: 'x', credits: 0, admin: [user.id] } },
    jwt,
  )) as {
    data: { id: number };
  };
  return { email, token: jwt, companyId: created.data.id };
}

const tenants: Tenant[] = [];
for (let index = 0; index < COMPANIES; index++) tenants.push(await tenant(index));
const owner = await database.db
  .selectFrom('users')
  .select('id')
  .where('role', '=', 'Admin')
  .executeTakeFirstOrThrow();
await sql`
  insert into videos (company_id, created_by, mode, filename, duration_seconds, price_cents, srt_status, hardcoded_status)
  select companies.id, ${owner.id}, 'hardcode', 'video-' || companies.id || '-' || n || '.mp4', 60, 10, 'completed', 'completed'
    from companies, generate_series(1, ${VIDEOS_PER_COMPANY}) n`.execute(database.db);

const figures = { requests: 0, errors: 0, leaks: 0, logins: 0 };
const latencies: number[] = [];
const pick = () => tenants[Math.floor(Math.random() * tenants.length)] as Tenant;

async function oneRequest() {
  const user = pick();
  const started = performance.now();
  if (figures.requests % 10 === 9) {
    const response = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: user.email, password: 'Secret-pass1!' }),
    });
    figures.logins += 1;
    if (!response.ok) figures.errors += 1;
  } else {
    const search = Math.random() < 0.3 ? `&search=video-${user.companyId}-1` : '';
    const response = await fetch(
      `${base}/api/upload-logs/my-company-videos-desc?page=${1 + Math.floor(Math.random() * 5)}&pageSize=12${search}`,
      {
        headers: { authorization: `Bearer ${user.token}` },
      },
    );
    if (!response.ok) figures.errors += 1;
    else {
      const body = (await response.json()) as { data: { attributes: { company: number } }[] };
      if (body.data.some((video) => video.attributes.company !== user.companyId)) figures.leaks += 1;
    }
  }
  latencies.push(performance.now() - started);
  figures.requests += 1;
}

const deadline = Date.now() + SECONDS * 1000;
/** Heap after a full collection: what stays alive, so a leak shows and lazy GC does not. */
function liveHeap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}
let warmHeap = 0;
const warmUp = setTimeout(
  () => {
    warmHeap = liveHeap();
  },
  (SECONDS * 1000) / 4,
);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < deadline) await oneRequest();
  }),
);
clearTimeout(warmUp);

latencies.sort((a, b) => a - b);
const quantile = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]?.toFixed(1);
const growthMb = (liveHeap() - warmHeap) / 1024 / 1024;
console.log(
  `soak: ${figures.requests} requests (${figures.logins} logins) in ${SECONDS} s over ${COMPANIES} companies × ${VIDEOS_PER_COMPANY} videos; ` +
    `${figures.errors} errors, ${figures.leaks} answers with another company's video; ` +
    `p50 ${quantile(0.5)} ms, p95 ${quantile(0.95)} ms; live heap after warm-up grew ${growthMb.toFixed(1)} MB`,
);

await app.close();
await events.close();
await database.close();
await postgres.stop();
await rm(dataDir, { recursive: true, force: true });
const failed = figures.errors > 0 || figures.leaks > 0 || growthMb > 20;
console.log(failed ? 'soak: FAILED' : 'soak: passed');
// `npm test` prints the last soak's figures with its own (scripts/test.mjs).
await mkdir(path.dirname(SOAK_REPORT), { recursive: true });
await writeFile(
  SOAK_REPORT,
  JSON.stringify({
    at: new Date().toISOString(),
    passed: !failed,
    seconds: SECONDS,
    ...figures,
    growthMb,
    databaseSettings,
  }),
);
process.exit(failed ? 1 : 0);
