import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import type { PoolClient } from 'pg';
import type { Database } from '../../server/db/schema';
import { pageForCompany } from '../../server/domains/videos/repo';
import type { BenchUser } from '../env/accounts';
import type { BenchDatabase } from '../env/database';
import { indexesUsed, scansWholeTable } from './explain';
import { type LoadResult, runLoad } from './load';

export interface VideoCatalogue {
  total: number;
  companies: number;
  /** Videos of the company the load is run as (the largest one). */
  ofLoadCompany: number;
}

/**
 * `total` videos: `ofLoadCompany` in the bench user's company, the rest spread over the other
 * companies; names like real uploads, one video every 37 s going back in time.
 */
export async function seedVideos(database: BenchDatabase, user: BenchUser, catalogue: VideoCatalogue) {
  const others = catalogue.companies - 1;
  const client = await database.pool.connect();
  try {
    await seedRows(client, user, catalogue, others);
    client.release();
  } catch (error) {
    client.release(true); // drops the connection with its open transaction
    throw error;
  }
  // A live table is vacuumed by autovacuum; a bulk insert is not yet. Vacuum sets the visibility
  // map (index-only counts) and analyze the statistics, as they would be in steady state.
  await database.pool.query('VACUUM (ANALYZE) videos');
}

async function seedRows(client: PoolClient, user: BenchUser, catalogue: VideoCatalogue, others: number) {
  // Vacuum can mark a page all-visible only once the commit of its rows is flushed. The bench
  // cluster already runs with synchronous_commit=on (PostgreSQL's durable default, read back in the
  // report's header); set here too so the seed holds on a cluster started with it off.
  await client.query('BEGIN');
  await client.query('SET LOCAL synchronous_commit = on');
  await client.query(
    `INSERT INTO companies (name) SELECT 'Bench company ' || g FROM generate_series(1, $1::int) g`,
    [others],
  );
  await client.query(
    `WITH other AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE name LIKE 'Bench company %')
     INSERT INTO videos (company_id, mode, filename, title, duration_seconds, price_cents,
                         srt_status, hardcoded_status, srt_progress, hardcoded_progress, created_at)
     SELECT CASE WHEN g <= $2 THEN $1 ELSE other.ids[1 + g % $4] END,
            'hardcode',
            (ARRAY['interview','webinar','product-demo','town-hall','training','keynote','podcast','vlog'])[1 + g % 8]
              || '-' || substr(md5(g::text), 1, 8) || '.mp4',
            'Video ' || g, 60 + g % 1700, 10 * (1 + g % 29), 'completed', 'completed', 100, 100,
            now() - g * interval '37 seconds'
       FROM generate_series(1, $3::int) g, other`,
    [user.companyId, catalogue.ofLoadCompany, catalogue.total, others],
  );
  await client.query('COMMIT');
}

export interface ExplainedQuery {
  label: string;
  sql: string;
  plan: string;
  indexes: string[];
  seqScan: boolean;
}

/** The exact SQL the product runs for a page (rows with their count), captured from its own repository. */
async function productQueries(
  database: BenchDatabase,
  companyId: number,
  search?: string,
): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: database.pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  await pageForCompany(db, companyId, { page: 1, pageSize: 12, sort: 'desc', search });
  return captured;
}

export async function explainVideoQueries(
  database: BenchDatabase,
  companyId: number,
): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  for (const search of [undefined, 'abc']) {
    for (const query of await productQueries(database, companyId, search)) {
      const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
        [...query.parameters],
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      const kind = /^select count\(\*\)/i.test(query.sql) ? 'count' : 'page with its count';
      explained.push({
        label: `${search ? 'search "abc"' : 'list'} — ${kind}`,
        sql: query.sql,
        plan,
        indexes: indexesUsed(plan),
        seqScan: scansWholeTable(plan, 'videos'),
      });
    }
  }
  return explained;
}

export interface ListScenario {
  label: string;
  path: string;
  concurrency: number;
  windows: LoadResult[];
}

export const LIST_PATH = '/api/upload-logs/my-company-videos-desc?page=1&pageSize=12';

export async function loadVideoList(
  base: string,
  user: BenchUser,
  plan: { concurrency: number[]; windows: number; seconds: number },
): Promise<ListScenario[]> {
  const scenarios: ListScenario[] = [];
  const headers = { authorization: `Bearer ${user.token}` };
  for (const [label, path] of [
    ['list', LIST_PATH],
    ['search', `${LIST_PATH}&search=abc`],
  ] as const) {
    for (const concurrency of plan.concurrency) {
      const windows: LoadResult[] = [];
      for (let window = 0; window < plan.windows; window++) {
        windows.push(
          await runLoad(`${base}${path}`, headers, {
            concurrency,
            seconds: plan.seconds,
            warmUpSeconds: window === 0 ? 1 : 0,
          }),
        );
      }
      scenarios.push({ label, path, concurrency, windows });
    }
  }
  return scenarios;
}
