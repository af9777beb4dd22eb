import { describe, expect, it } from 'vitest';
import { signedUpUser, testApp } from '../../../test/support/http';

const { call, db, app } = await testApp();

/** `count` videos of the company, the n-th uploaded `after` + n minutes ago. */
async function videosOf(companyId: number, filenames: (n: number) => string, count: number, after = 0) {
  await db
    .insertInto('videos')
    .values(
      Array.from({ length: count }, (_, index) => ({
        company_id: companyId,
        mode: 'hardcode' as const,
        filename: filenames(index + 1),
        duration_seconds: 60,
        price_cents: 10,
        created_at: new Date(Date.now() - (after + index + 1) * 60_000),
      })) as never,
    )
    .execute();
}

const owner = await signedUpUser(call, 'lister');
await videosOf(
  owner.companyId as number,
  (n) => (n % 3 === 0 ? `interview-${n}.mp4` : `webinar-${n}.mp4`),
  30,
);
await videosOf(owner.companyId as number, () => 'fifty%off.mp4', 1, 30);
const neighbour = await signedUpUser(call, 'neighbour');
await videosOf(neighbour.companyId as number, (n) => `interview-other-${n}.mp4`, 5);

function list(token: string, query: string, sort = 'desc') {
  return call('GET', `/api/upload-logs/my-company-videos-${sort}?${query}`, { token });
}

describe('GET /api/upload-logs/my-company-videos-{sort}', () => {
  it('answers the newest page with the total of the company', async () => {
    const { status, body } = await list(owner.token, 'page=1&pageSize=12');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.data[0].attributes.filename).toBe('webinar-1.mp4');
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 12, pageCount: 3, total: 31 });
  });

  it('sorts ascending from the oldest', async () => {
    const { body } = await list(owner.token, 'page=1&pageSize=2', 'asc');
    expect(body.data.map((video: { attributes: { filename: string } }) => video.attributes.filename)).toEqual(
      ['fifty%off.mp4', 'interview-30.mp4'],
    );
  });

  it('keeps the total on a page past the end', async () => {
    const { body } = await list(owner.token, 'page=9&pageSize=12');
    expect(body.data).toEqual([]);
    expect(body.meta.pagination.total).toBe(31);
  });

  it('counts only the matches of a search, within the company, with wildcards taken literally', async () => {
    const interviews = await list(owner.token, 'page=1&pageSize=4&search=INTERVIEW');
    expect(interviews.body.data).toHaveLength(4);
    expect(interviews.body.meta.pagination).toMatchObject({ total: 10, pageCount: 3 });
    const percent = await list(owner.token, 'page=1&pageSize=12&search=%25');
    expect(percent.body.meta.pagination.total).toBe(1);
    const past = await list(owner.token, 'page=5&pageSize=4&search=interview');
    expect(past.body).toMatchObject({ data: [], meta: { pagination: { total: 10 } } });
    const none = await list(owner.token, 'page=1&pageSize=12&search=nothing-like-this');
    expect(none.body).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
  });

  it('answers an empty list to a user without a company', async () => {
    const loner = await signedUpUser(call, 'loner', false);
    const { body } = await list(loner.token, 'page=1&pageSize=12');
    expect(body).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
  });

  it('counts the videos for GET /api/upload-logs/count', async () => {
    expect((await call('GET', '/api/upload-logs/count', { token: neighbour.token })).body).toBe(5);
  });
});

describe('tRPC videos.list', () => {
  it('answers the rows as stored, with the total beside them', async () => {
    const input = encodeURIComponent(JSON.stringify({ page: 1, pageSize: 2, sort: 'desc' }));
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/videos.list?input=${input}`,
      headers: { authorization: `Bearer ${neighbour.token}` },
    });
    const { videos, total } = response.json().result.data;
    expect(total).toBe(5);
    expect(videos.map((video: { filename: string }) => video.filename)).toEqual([
      'interview-other-1.mp4',
      'interview-other-2.mp4',
    ]);
    expect(Object.keys(videos[0]).sort()).toEqual(
      [
        'company_id',
        'compliance',
        'created_at',
        'description',
        'duration_seconds',
        'failure_reason',
        'filename',
        'hardcoded_progress',
        'hardcoded_status',
        'id',
        'in_lan',
        'languages',
        'mode',
        'out_lan',
        'ownLanguage',
        'price_cents',
        'reading_notes',
        'revisions',
        'rso',
        'srt_progress',
        'srt_status',
        'title',
      ].sort(),
    );
  });

  it("answers a filtered collection as Strapi does: an id that is not the caller's finds an empty list", async () => {
    const [theirs] = await db
      .selectFrom('videos')
      .select('id')
      .where('company_id', '=', neighbour.companyId as number)
      .limit(1)
      .execute();
    const [mine] = await db
      .selectFrom('videos')
      .select('id')
      .where('company_id', '=', owner.companyId as number)
      .limit(1)
      .execute();
    const found = await call('GET', `/api/upload-logs?filters[id]=${mine?.id}`, { token: owner.token });
    expect(found.status).toBe(200);
    expect(found.body.data.map((video: { id: number }) => video.id)).toEqual([mine?.id]);
    for (const other of [theirs?.id, 999_999]) {
      const answer = await call('GET', `/api/upload-logs?filters[id]=${other}`, { token: owner.token });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([]);
      expect(answer.body.meta.pagination.total).toBe(0);
    }
  });
});
