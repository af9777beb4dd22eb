import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The worker depends on the server, never the other way: jobs are named and queued from the catalog
 * in server/jobs, and only the server's entry point starts a worker in its process.
 */
const root = path.resolve(import.meta.dirname, '..');
const ALLOWED = new Set(['server/main.ts']);
/** Static and dynamic imports, and re-exports: the module specifier of each. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"`])([^'"`]+)\1/gm;

function typeScriptFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(relative);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) ? [relative] : [];
  });
}

describe('the architecture', () => {
  it('has no file under server/ but its entry point importing from worker/', () => {
    const worker = path.join(root, 'worker');
    const offending: string[] = [];
    for (const file of typeScriptFiles('server')) {
      if (ALLOWED.has(file)) continue;
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [, , specifier = ''] of text.matchAll(IMPORT)) {
        if (!specifier.startsWith('.')) continue;
        const target = path.resolve(root, path.dirname(file), specifier);
        if (target === worker || target.startsWith(`${worker}${path.sep}`))
          offending.push(`${file}: ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });
});

/** The relative imports of one file, as repo-relative paths without their extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)]
    .map(([, , specifier = '']) => specifier)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.join(path.posix.dirname(file), specifier).replace(/\.(ts|tsx)$/, ''));
}

const DOMAIN = /^server\/domains\/([^/]+)\//;
/** The source files of the domains: tests, which seed rows through any repository, are not part of the arrows. */
const domainSources = () => typeScriptFiles('server/domains').filter((file) => !/\.test\.ts$/.test(file));
/** A repository: the one kind of file that builds SQL (scripts/queries-in-repos.test.ts). */
const isRepo = (target: string) => /(^|\/|-)repo$/.test(path.posix.basename(target));

/** Which domain imports which, from the domains' own source files. */
function domainArrows(): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const file of domainSources()) {
    const from = DOMAIN.exec(file)?.[1] ?? '';
    for (const target of importsOf(file)) {
      const to = DOMAIN.exec(`${target}/`)?.[1];
      if (!to || to === from) continue;
      arrows.set(from, (arrows.get(from) ?? new Set()).add(to));
    }
  }
  return arrows;
}

/** The groups of domains that reach each other through their imports (Tarjan's strongly connected components). */
function loops(arrows: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of arrows.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member) group.push(member);
    } while (member && member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of arrows.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the domains', () => {
  it("never import another domain's repository: they call its services", () => {
    const offending = domainSources().flatMap((file) =>
      importsOf(file)
        .filter((target) => {
          const owner = DOMAIN.exec(`${target}/`)?.[1];
          return isRepo(target) && owner !== undefined && owner !== DOMAIN.exec(file)?.[1];
        })
        .map((target) => `${file} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('import each other one way: no loop between domain folders', () => {
    const arrows = domainArrows();
    const described = loops(arrows).map((group) =>
      group
        .map(
          (domain) =>
            `${domain} → ${[...(arrows.get(domain) ?? [])].filter((to) => group.includes(to)).join(', ')}`,
        )
        .join('; '),
    );
    expect(described).toEqual([]);
  });
});

describe('the layers', () => {
  it('run one way: the app above the domains, the domains above http, tRPC, REST, media and the rest', () => {
    // server/db/seed.ts writes the first data through two domains (a password hash, the legal pages):
    // the one layer below them left out.
    const below = [
      ...['server/http', 'server/trpc', 'server/rest', 'server/realtime', 'server/media'],
      ...['server/storage', 'server/jobs', 'server/engines', 'server/mail', 'server/backup'],
      'server/access',
    ];
    const sources = (dir: string) => typeScriptFiles(dir).filter((file) => !/\.test\.ts$/.test(file));
    const offending = [
      ...below.flatMap(sources).flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith('server/domains/') || target.startsWith('server/app/'))
          .map((target) => `${file} imports ${target}`),
      ),
      ...domainSources().flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith('server/app/'))
          .map((target) => `${file} imports ${target}`),
      ),
    ];
    expect(offending).toEqual([]);
  });
});
