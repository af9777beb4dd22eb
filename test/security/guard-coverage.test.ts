import { describe, expect, it } from 'vitest';
import { ACCESS_FUNCTIONS, type GuardSite, guardSites, readSource } from '../support/guard-sites';
import { CREDENTIAL_GUARD_MUTATIONS, GUARD_MUTATIONS } from './guard-mutations';
import { GUARDS_PROVEN_ELSEWHERE } from './guards-proven-elsewhere';

/**
 * The mutation lists are generated from the code's guard sites, not kept by memory: every call of the
 * access module (companyRows, seesCompany, sameCompany) and every check still written by hand (a role
 * test, a comparison of company ids, a user or company filter) must be removed by some mutation of
 * guard-mutations.ts (its old text spans the site), or be named in GUARDS_PROVEN_ELSEWHERE (guards-proven-elsewhere.ts) with the
 * reason the isolation matrix cannot see it. A new guard without either fails here, naming its site.
 */
const MUTATIONS = [...GUARD_MUTATIONS, ...CREDENTIAL_GUARD_MUTATIONS];

/** Where a mutation's old text lies in its file: [start, end), or none when it is not found once. */
function spanOf(mutation: { file: string; old: string }): [number, number] | undefined {
  const text = readSource(mutation.file);
  const start = text.indexOf(mutation.old);
  if (start === -1 || text.indexOf(mutation.old, start + 1) !== -1) return undefined;
  return [start, start + mutation.old.length];
}

const spans = MUTATIONS.map((mutation) => ({ file: mutation.file, span: spanOf(mutation) }));
/** The key of GUARDS_PROVEN_ELSEWHERE: `file#function: the line's text`. */
const describeSite = (site: GuardSite) => `${site.file}#${site.within}: ${site.text}`;

const mutated = (site: GuardSite) =>
  spans.some(
    ({ file, span }) =>
      file === site.file && span !== undefined && span[0] <= site.offset && site.offset < span[1],
  );

describe('every guard site is covered by a mutation', () => {
  const sites = guardSites();

  it('finds the guard sites of the code', () => {
    expect(sites.length).toBeGreaterThan(50);
    expect(sites.some((site) => site.text.includes('companyRows('))).toBe(true);
    expect(sites.some((site) => site.what === 'a role check')).toBe(true);
  });

  it('names no guard site that no mutation removes and no reason excuses', () => {
    const uncovered = sites
      .filter((site) => !mutated(site) && !(describeSite(site) in GUARDS_PROVEN_ELSEWHERE))
      .map((site) => `${site.file}:${site.line} ${site.what}: ${site.text}`);
    expect(uncovered, 'add a mutation to guard-mutations.ts with the matrix routes that must fail').toEqual(
      [],
    );
  });

  it('keeps no reason for a site that is gone or now mutated', () => {
    const stale = Object.keys(GUARDS_PROVEN_ELSEWHERE).filter(
      (key) => !sites.some((site) => describeSite(site) === key && !mutated(site)),
    );
    expect(stale, 'take these off GUARDS_PROVEN_ELSEWHERE').toEqual([]);
  });

  it('mutates each function of the access module itself', () => {
    const access = MUTATIONS.filter((mutation) => mutation.file.startsWith('server/access/'));
    for (const name of ACCESS_FUNCTIONS)
      expect(
        access.some((mutation) => mutation.guard.startsWith(name)),
        `a mutation of ${name} in server/access`,
      ).toBe(true);
  });
});
