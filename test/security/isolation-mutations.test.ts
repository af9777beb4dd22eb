import { describe, expect, it } from 'vitest';
import { recordFigure } from '../support/figures';
import { mutantTree, type Replacement, replacementProblem } from '../support/mutant-tree';
import { GUARD_MUTATIONS } from './guard-mutations';

/**
 * The isolation matrix proves what it says only if it fails when a guard is gone. For each guard in
 * guard-mutations.ts in turn, the source tree is copied with that guard removed, a fresh app is built
 * from the copy over its own database, and the matrix (loaded from the copy too) attacks the routes
 * the guard protects: each of them must fail. A copy with nothing removed runs first and must pass,
 * so a failure can only be the missing guard's.
 */
const CAUGHT = 'company guards, each removed, caught';
const GUARDED_ROUTES = [...new Set(GUARD_MUTATIONS.flatMap((mutation) => mutation.routes))];

type HttpModule = typeof import('../support/http');
type MatrixModule = typeof import('./isolation-matrix');

/** Runs the matrix, loaded with the app from a copy of the source with `replacements`, on `routes`. */
async function matrixFailures(replacements: Replacement[], routes: string[]) {
  const tree = await mutantTree(replacements);
  try {
    const { openTestApp }: HttpModule = await import(/* @vite-ignore */ tree.file('test/support/http.ts'));
    const { openIsolationMatrix }: MatrixModule = await import(
      /* @vite-ignore */ tree.file('test/security/isolation-matrix.ts')
    );
    const opened = await openTestApp();
    try {
      const matrix = await openIsolationMatrix(opened);
      const failures: Record<string, string[]> = {};
      for (const route of routes) failures[route] = await matrix.attack(route);
      return failures;
    } finally {
      await opened.close();
    }
  } finally {
    await tree.remove();
  }
}

describe('each company guard, removed, is caught by the isolation matrix', () => {
  it('finds the text of every guard exactly once in the source', async () => {
    const problems = await Promise.all(GUARD_MUTATIONS.map(replacementProblem));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('passes on a copy of the source with no guard removed', async () => {
    const failures = await matrixFailures([], GUARDED_ROUTES);
    expect(Object.values(failures).flat()).toEqual([]);
  }, 120_000);

  it.each(GUARD_MUTATIONS)(
    'fails without: $guard',
    async (mutation) => {
      const failures = await matrixFailures([mutation], mutation.routes);
      const uncaught = mutation.routes.filter((route) => failures[route]?.length === 0);
      expect(uncaught, `routes that still pass with the guard removed (${mutation.file})`).toEqual([]);
      // What the matrix saw, so a run's log shows how each removal was caught.
      for (const route of mutation.routes) console.log(`caught: ${failures[route]?.[0]?.slice(0, 240)}`);
      recordFigure(CAUGHT, 1, undefined, GUARD_MUTATIONS.length);
    },
    120_000,
  );
});
