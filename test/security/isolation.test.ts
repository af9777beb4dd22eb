import { afterAll, describe, expect, it } from 'vitest';
import { recordFigure } from '../support/figures';
import { testApp } from '../support/http';
import { openIsolationMatrix } from './isolation-matrix';
import { VICTIM_DRAFT } from './isolation-seed';

/**
 * Every REST route and tRPC procedure, enumerated from the running app, is called by three
 * intruders: an anonymous visitor, a user of another company, and (for admin paths) a plain user;
 * the live event stream is opened by the first two while the victim company's events flow.
 * Each call must get the answer written for it in the matrix's route table (isolation-rest-table.ts,
 * isolation-trpc-table.ts), answer nothing of the victim company's data and leave its rows as they were. A route the matrix does not know how to
 * call fails the suite, so a new route cannot go untested; isolation-mutations.test.ts proves that
 * removing any company guard makes this fail.
 */
const opened = await testApp({ METRICS_TOKEN: 'isolation-metrics-token-0123' });
const { app, call, db } = opened;
afterAll(() => app.close());
const matrix = await openIsolationMatrix(opened);
const { victim, ids } = matrix;

/** Routes that refused an anonymous caller and another company's user, or answered no foreign data. */
const ISOLATED = 'routes proven isolated (anonymous, other company, non-admin)';
/** Calls naming the caller's own company with the victim's row ids or spellings, answered as written. */
const OWN_COMPANY_CALLS = "calls naming the caller's own company with another's rows, proven isolated";

describe('the isolation matrix', () => {
  it('knows how to call every REST route and every tRPC procedure', () => {
    expect(matrix.unknown(), 'add a row to isolation-rest-table.ts or isolation-trpc-table.ts').toEqual([]);
    recordFigure(
      'routes in the isolation matrix',
      matrix.restRoutes.length + matrix.procedures.length,
      `${matrix.restRoutes.length} REST routes, ${matrix.procedures.length} tRPC procedures`,
    );
  });

  it.each(matrix.routes)('%s answers intruders as the matrix says, with no foreign data', async (route) => {
    expect(await matrix.attack(route)).toEqual([]);
    recordFigure(ISOLATED, 1);
  });

  it.each(matrix.ownCompanyCalls)('%s answers nothing of the victim and leaves its rows', async (call) => {
    expect(await matrix.attack(call)).toEqual([]);
    recordFigure(OWN_COMPANY_CALLS, 1);
  });

  it('left the victim company exactly as it was', async () => {
    const company = await call('GET', '/api/company/my', { token: victim.token });
    expect(company.body.data[0].attributes).toMatchObject({ name: 'victim company', credits: 42 });
    const video = await call('GET', `/api/upload-logs?filters[id]=${ids.video}`, { token: victim.token });
    expect(video.body.data[0].attributes).toMatchObject({ filename: 'victim-secret.mp4', revisions: 0 });
    const drafts = await db.selectFrom('subtitle_drafts').select(['video_id', 'cues', 'revision']).execute();
    expect(drafts).toEqual([{ video_id: ids.video, cues: VICTIM_DRAFT, revision: 1 }]);
    const versions = await db
      .selectFrom('subtitle_versions')
      .select('srt_content')
      .where('video_id', '=', ids.video)
      .where('language', '=', '')
      .execute();
    expect(versions.map((version) => version.srt_content)).toEqual([
      '1\n00:00:00,000 --> 00:00:01,000\nvictim subtitles\n',
    ]);
    expect((await call('GET', `/api/messages/${ids.message}`, { token: victim.token })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: victim.token })).body.company).toBe(ids.company);
  });
});
