import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: a user who clones it has nothing beside it, so no tracked file may
 * reach outside it by a relative path (an import, a URL, a file read). `.ci/run` proves the same by
 * running the whole suite from a copy with nothing around it.
 */
const root = path.resolve(import.meta.dirname, '..');
const CODE = /\.(ts|tsx|mts|mjs|cjs|js|json)$/;
const RELATIVE = /(['"`])(\.\.\/[^'"`\s]*)\1/g;
/** Files whose climbing paths are data: the hostile file names an upload must survive. */
const HOSTILE_DATA = new Set(['test/security/hostile-uploads.test.ts']);

function trackedCode(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => CODE.test(file) && !file.startsWith('docs/') && !HOSTILE_DATA.has(file));
}

describe('the repository', () => {
  it('has no relative path in its code that leads outside it', () => {
    const outside: string[] = [];
    for (const file of trackedCode()) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [, , relative] of text.matchAll(RELATIVE)) {
        const target = path.resolve(root, path.dirname(file), relative ?? '');
        if (target !== root && !target.startsWith(`${root}${path.sep}`)) outside.push(`${file}: ${relative}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
