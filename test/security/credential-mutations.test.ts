import { describe, expect, it } from 'vitest';
import { recordFigure } from '../support/figures';
import { mutantTree, type Replacement, replacementProblem } from '../support/mutant-tree';
import { CREDENTIAL_GUARD_MUTATIONS } from './guard-mutations';

/**
 * The credential-lifetimes table proves what it says only if it fails when a guard is gone. As
 * isolation-mutations.test.ts does for the company guards: for each guard in turn, a copy of the source
 * with that guard removed, a fresh app from the copy, and the table (loaded from the copy too) run on
 * the cells the guard protects: each must fail. A copy with nothing removed runs first and must pass.
 */
const CAUGHT = 'credential guards, each removed, caught';
const GUARDED_CELLS = [...new Set(CREDENTIAL_GUARD_MUTATIONS.flatMap((mutation) => mutation.cells))];

type HttpModule = typeof import('../support/http');
type TableModule = typeof import('./credential-lifetimes');

async function tableFailures(replacements: Replacement[], cells: string[]) {
  const tree = await mutantTree(replacements);
  try {
    const { openTestApp }: HttpModule = await import(/* @vite-ignore */ tree.file('test/support/http.ts'));
    const { openCredentialTable }: TableModule = await import(
      /* @vite-ignore */ tree.file('test/security/credential-lifetimes.ts')
    );
    const opened = await openTestApp({}, { liveRecheckMs: 500 });
    try {
      const table = await openCredentialTable(opened);
      const failures: Record<string, string[]> = {};
      for (const cell of cells) failures[cell] = await table.attack(cell);
      return failures;
    } finally {
      await opened.close();
    }
  } finally {
    await tree.remove();
  }
}

describe('each credential guard, removed, is caught by the credential-lifetimes table', () => {
  it('finds the text of every guard exactly once in the source', async () => {
    const problems = await Promise.all(CREDENTIAL_GUARD_MUTATIONS.map(replacementProblem));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('passes on a copy of the source with no guard removed', async () => {
    const failures = await tableFailures([], GUARDED_CELLS);
    expect(Object.values(failures).flat()).toEqual([]);
  }, 180_000);

  it.each(CREDENTIAL_GUARD_MUTATIONS)(
    'fails without: $guard',
    async (mutation) => {
      const failures = await tableFailures([mutation], mutation.cells);
      const uncaught = mutation.cells.filter((cell) => failures[cell]?.length === 0);
      expect(uncaught, `cells that still pass with the guard removed (${mutation.file})`).toEqual([]);
      for (const cell of mutation.cells) console.log(`caught: ${failures[cell]?.[0]?.slice(0, 240)}`);
      recordFigure(CAUGHT, 1, undefined, CREDENTIAL_GUARD_MUTATIONS.length);
    },
    180_000,
  );
});
