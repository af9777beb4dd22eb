import { appRouter } from '../../server/app/trpc-router';
import { signedUpUser } from '../support/http';
import { attackEngine } from './isolation-attack';
import { victimRows, victimTraces } from './isolation-leaks';
import { restAttempts } from './isolation-rest-table';
import { type OpenedApp, victimCompany } from './isolation-seed';
import { attackEventStream } from './isolation-stream';
import { ownCompanyAttempts, procedureAttempts } from './isolation-trpc-table';

/**
 * The isolation matrix: every REST route and tRPC procedure of the running app, called by three
 * intruders (an anonymous visitor, a user of another company, who is also a non-admin). Each call
 * must get the answer the route table writes for it, must carry no trace of the victim company's data (ids,
 * storage keys, names, signed links decoded), and must leave the victim's rows exactly as they were.
 *
 * Its parts: the victim's seed (isolation-seed.ts), the route table (isolation-rest-table.ts and
 * isolation-trpc-table.ts), the attack engine (isolation-attack.ts), the answers it expects
 * (isolation-answers.ts) and the scanner of traces and rows (isolation-leaks.ts).
 *
 * It takes the app it attacks, and imports the server relatively, so the guard mutations
 * (isolation-mutations.test.ts) can load it from a mutated copy of the source tree.
 */

/** The live event stream: a subscription, attacked over a real SSE connection (isolation-stream.ts). */
const LIVE_STREAM = 'events.company';

export async function openIsolationMatrix(opened: OpenedApp) {
  const { app, routes, call, db } = opened;
  const { victim, ids, admin, resumableUpload } = await victimCompany(opened);
  const intruder = await signedUpUser(call, 'intruder');
  const own = intruder.companyId ?? 0;
  const traces = victimTraces({ victim, ids, resumableUpload });
  const context = { opened, victim, ids, resumableUpload, intruder, own };
  const REST = restAttempts(context);
  const TRPC = procedureAttempts(context);
  const OWN_COMPANY = ownCompanyAttempts(context);

  const restRoutes = routes
    .filter((route) => (route.url.startsWith('/api/') || route.url === '/metrics') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`);
  const procedures = Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
  ).map(([path, procedure]) => ({ path, type: procedure._def.type }));
  const { intruderToken, attack: attackRoute } = attackEngine({
    opened,
    ids,
    intruder,
    traces,
    rest: REST,
    trpc: TRPC,
    ownCompany: OWN_COMPANY,
    procedures,
  });

  /** What was wrong with a route's answers to the intruders; empty when it is isolated. */
  function attack(route: string): Promise<string[]> {
    if (route !== LIVE_STREAM) return attackRoute(route);
    return attackEventStream({
      app,
      db,
      victimToken: victim.token,
      victimCompany: ids.company,
      victimVideo: ids.video,
      intruderCompany: own,
      intruderToken,
      traces,
    });
  }

  return {
    app,
    db,
    victim,
    intruder,
    ids,
    admin,
    resumableUpload,
    traces,
    /** How the matrix calls each route with the victim's ids (the URL spellings table varies them). */
    attempts: { rest: REST, trpc: TRPC },
    intruderToken,
    restRoutes,
    procedures,
    /** Every route the matrix attacks, REST first, the live event stream last. */
    routes: [
      ...restRoutes,
      ...procedures.filter(({ type }) => type !== 'subscription').map(({ path }) => path),
      ...procedures.filter(({ path }) => path === LIVE_STREAM).map(({ path }) => path),
    ],
    /** Calls naming the intruder's own company with the victim's rows (attacked as routes are). */
    ownCompanyCalls: Object.keys(OWN_COMPANY),
    /** Routes of the app the matrix has no attempt for: each must be added to it. */
    unknown: () => [
      ...restRoutes.filter((route) => !REST[route]),
      ...procedures.filter(({ path }) => !TRPC[path]).map(({ path }) => path),
    ],
    attack,
    victimRows: () => victimRows(db, ids),
  };
}

export type IsolationMatrix = Awaited<ReturnType<typeof openIsolationMatrix>>;
