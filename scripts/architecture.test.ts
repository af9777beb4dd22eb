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
