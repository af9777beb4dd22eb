import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: a user who clones it has nothing beside it, so no tracked file may
 * reach outside it by a relative path (an import, a URL, a file read), nor cite a document that is
 * not in it. `.ci/run` proves the same by running the whole suite from a copy with nothing around it.
 * The product's behaviour is written down in docs/PRODUCT.md and the subtitle style numbers in
 * docs/SUBTITLE-STYLE.md; code cites them as `PRODUCT.md §N` and `SUBTITLE-STYLE.md failure N`.
 */
const root = path.resolve(import.meta.dirname, '..');
const CODE = /\.(ts|tsx|mts|mjs|cjs|js|json)$/;
const RELATIVE = /(['"`])(\.\.\/[^'"`\s]*)\1/g;
/** Files whose climbing paths are data: the hostile file names an upload must survive. */
const HOSTILE_DATA = new Set(['test/security/hostile-uploads.test.ts']);
const PRODUCT_DOC = 'docs/PRODUCT.md';
const STYLE_DOC = 'docs/SUBTITLE-STYLE.md';

function tracked(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

function trackedCode(): string[] {
  return tracked().filter((file) => CODE.test(file) && !file.startsWith('docs/') && !HOSTILE_DATA.has(file));
}

/** Every tracked text file (binary files, such as the test recordings, hold no citations). */
function trackedText(): { file: string; text: string }[] {
  return tracked().flatMap((file) => {
    const full = path.join(root, file);
    if (!existsSync(full)) return [];
    const bytes = readFileSync(full);
    if (bytes.subarray(0, 8000).includes(0)) return [];
    return [{ file, text: bytes.toString('utf8') }];
  });
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/**
 * Mentions of the documents the product was first described in, which lived beside the repository.
 * The patterns are spelled so that this file does not match them itself.
 */
const OUTSIDE_DOCUMENTS: { what: string; pattern: RegExp }[] = [
  { what: 'the old product specification', pattern: /\bS[P]EC\b/g },
  { what: 'the old subtitle standards file', pattern: /\bSUBTITLE[S]\.md\b/g },
];
/** A climbing path to a folder named shared: fine only if it lands on something in the repository. */
const SHARED_PATH = /(?<![\w.])((?:\.\.\/)+)shar[e]d\b([^\s'"`),;]*)/g;

/** Whether a path inside the repository names a tracked file or folder (imports may leave out `.ts`). */
function existsInRepository(target: string, files: Set<string>): boolean {
  const relative = path.relative(root, target).split(path.sep).join('/');
  const candidates = ['', '.ts', '.tsx', '.mjs', '/index.ts'].map((ending) => `${relative}${ending}`);
  return (
    candidates.some((candidate) => files.has(candidate)) ||
    [...files].some((file) => file.startsWith(`${relative}/`))
  );
}

/** The numbered sections of docs/PRODUCT.md (`## 7. Legacy REST contract`). */
function productSections(): Set<number> {
  const text = readFileSync(path.join(root, PRODUCT_DOC), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\. /gm)].map(([, n]) => Number(n)));
}

/** The numbered known failures of docs/SUBTITLE-STYLE.md (`3. **Subtitles early or late…**`). */
function styleFailures(): Set<number> {
  const text = readFileSync(path.join(root, STYLE_DOC), 'utf8');
  const section = text.split(/^## Known failures/m)[1]?.split(/^## /m)[0] ?? '';
  return new Set([...section.matchAll(/^(\d+)\. \*\*/gm)].map(([, n]) => Number(n)));
}

const PRODUCT_CITATION = /PRODUCT\.md §(\d+)((?:(?:,| and| or) §\d+)*)/g;
const STYLE_CITATION = /SUBTITLE-STYLE\.md,? (?:known )?failures? (\d+)/g;
/** A citation whose section number was wrapped onto the next line cannot be found by its reader. */
const SPLIT_CITATION = /(?:PRODUCT|SUBTITLE-STYLE)\.md[ \t]*\n[ \t]*(?:\*|\/\/|#)?[ \t]*(?:§|failure)/g;

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

  it('cites no document outside it, and no shared folder beside it', () => {
    const files = new Set(tracked());
    const found: string[] = [];
    for (const { file, text } of trackedText()) {
      if (file === PRODUCT_DOC || file === STYLE_DOC) continue;
      for (const { what, pattern } of OUTSIDE_DOCUMENTS) {
        for (const match of text.matchAll(pattern))
          found.push(`${file}:${lineOf(text, match.index)}: ${what} ("${match[0]}")`);
      }
      for (const match of text.matchAll(SHARED_PATH)) {
        const target = path.resolve(root, path.dirname(file), `${match[1]}shared${match[2] ?? ''}`);
        const inside = target.startsWith(`${root}${path.sep}`);
        if (!inside || !existsInRepository(target, files))
          found.push(`${file}:${lineOf(text, match.index)}: a path beside the repository ("${match[0]}")`);
      }
    }
    expect(found).toEqual([]);
  });

  it('cites only sections of PRODUCT.md and failures of SUBTITLE-STYLE.md that exist', () => {
    const sections = productSections();
    const failures = styleFailures();
    expect([...sections].sort((a, b) => a - b)).toEqual(Array.from(sections, (_, index) => index + 1));
    expect(failures.size).toBeGreaterThan(0);
    const broken: string[] = [];
    for (const { file, text } of trackedText()) {
      for (const match of text.matchAll(PRODUCT_CITATION)) {
        const more = [...(match[2] ?? '').matchAll(/§(\d+)/g)].map(([, n]) => n);
        const numbers = [match[1], ...more].map(Number);
        for (const number of numbers)
          if (!sections.has(number))
            broken.push(`${file}:${lineOf(text, match.index)}: PRODUCT.md §${number}`);
      }
      for (const match of text.matchAll(STYLE_CITATION)) {
        if (!failures.has(Number(match[1])))
          broken.push(`${file}:${lineOf(text, match.index)}: SUBTITLE-STYLE.md failure ${match[1]}`);
      }
      for (const match of text.matchAll(SPLIT_CITATION))
        broken.push(`${file}:${lineOf(text, match.index)}: a citation split across lines`);
    }
    expect(broken).toEqual([]);
  });
});
