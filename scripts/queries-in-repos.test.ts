import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives in repositories: a `repo.ts` (or a `*-repo.ts`, or a file in a `repo/` folder) builds the
 * queries; services hold the rules, routers and REST handlers only map. `server/db/` (connection,
 * migrations runner, locks, transactions, seed) is the database layer itself and is not scanned.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['server', 'worker'];

/** The few files that may build SQL outside a repository, each with its reason. Keep it short. */
const ALLOWED: Record<string, string> = {
  'server/jobs/queue.ts':
    "Graphile Worker's SQL API (graphile_worker.add_job) is how a job is queued inside the caller's transaction; it is the queue's own interface, not a query on our tables",
};

const QUERY_PATTERNS: [string, RegExp][] = [
  [
    'a Kysely query builder',
    /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(/g,
  ],
  ['raw SQL (sql`…`)', /\bsql\s*(<[^`;]*?>)?\s*`/g],
  ['raw SQL (sql.raw/lit/…)', /\bsql\s*\.\s*(raw|lit|ref|id|table|join|val)\s*\(/g],
  ['SQL sent through pg (.query("…"))', /\.query\s*\(\s*['"`]/g],
  ['a compiled query', /\b(executeQuery|CompiledQuery)\b/g],
];

const isRepository = (file: string) =>
  path.basename(file) === 'repo.ts' || file.endsWith('-repo.ts') || file.split('/').includes('repo');

const isScanned = (file: string) =>
  /\.(ts|tsx|mts|cts)$/.test(file) &&
  !/\.test\.(ts|tsx)$/.test(file) &&
  !file.endsWith('.d.ts') &&
  !file.startsWith('server/db/') &&
  !file.split('/').includes('migrations') &&
  !file.split('/').includes('node_modules');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
      return isScanned(file) ? [file] : [];
    }),
  );
  return nested.flat();
}

/** Comments blanked (newlines kept, so line numbers stay right): a comment may name `selectFrom(`. */
const withoutComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^(\s*)\/\/.*$/gm, '$1');

/** Every place `text` builds a query, as `line: what`. */
function queriesIn(text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const [what, pattern] of QUERY_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index).split('\n').length;
      found.push(`${line}: ${what} (${match[0].trim()})`);
    }
  }
  return found;
}

describe('queries live in repositories', () => {
  it('finds no query outside a repository, apart from the allowed files', async () => {
    const files = (await Promise.all(SCANNED.map(sourceFiles))).flat();
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      if (isRepository(file) || file in ALLOWED) continue;
      for (const place of queriesIn(await readFile(path.join(ROOT, file), 'utf8')))
        offenders.push(`${file}:${place}`);
    }
    expect(offenders, 'move these queries into a repo.ts function named for their use').toEqual([]);
  });

  it('leaves routers and REST handlers to map onto services, never onto a repository', async () => {
    const files = (await sourceFiles('server')).filter((file) => /\/(router|rest)\.ts$/.test(file));
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      const text = withoutComments(await readFile(path.join(ROOT, file), 'utf8'));
      for (const match of text.matchAll(/from\s+['"]([^'"]*(?:\/repo|-repo)(?:\/[^'"]*)?)['"]/g))
        offenders.push(`${file}: imports ${match[1]}`);
    }
    expect(offenders, 'call a service function instead').toEqual([]);
  });

  it('allows only files that exist and still need it', async () => {
    for (const file of Object.keys(ALLOWED)) {
      const text = await readFile(path.join(ROOT, file), 'utf8');
      expect(queriesIn(text), `${file} builds no query any more: take it off the list`).not.toEqual([]);
    }
  });

  it('recognises each way of building a query, and not tRPC procedures or comments', () => {
    expect(queriesIn("await db.selectFrom('videos').selectAll().execute();")).toHaveLength(1);
    expect(queriesIn("await trx\n  .insertInto('credit_ledger')")).toEqual([
      '2: a Kysely query builder (insertInto()',
    ]);
    expect(queriesIn('await sql`select 1`.execute(db);')).toHaveLength(1);
    expect(
      queriesIn('const rows = await sql<{ id: number }>`select id from videos`.execute(db);'),
    ).toHaveLength(1);
    expect(queriesIn("sql.raw('select 1')")).toHaveLength(1);
    expect(queriesIn('await client.query(`LISTEN app_events`);')).toHaveLength(1);
    expect(queriesIn("await pool.query('select 1')")).toHaveLength(1);
    expect(queriesIn('list: adminProcedure.query(({ ctx }) => listAll(ctx.db)),')).toEqual([]);
    expect(queriesIn("// db.selectFrom('videos') is in the repo\n/** updateTable( too */")).toEqual([]);
  });
});
