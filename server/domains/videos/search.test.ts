import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedUpUser, testApp } from '../../../test/support/http';

const { call, db } = await testApp();
const owner = await signedUpUser(call, 'searcher');
const neighbour = await signedUpUser(call, 'searched-neighbour');

await db
  .insertInto('videos')
  .values(
    [
      { company_id: owner.companyId, filename: 'IMG_0042.mp4', title: 'Quarterly results', description: '' },
      {
        company_id: owner.companyId,
        filename: 'clip.mp4',
        title: 'Onboarding',
        description: 'Welcome to the warehouse team',
      },
      { company_id: owner.companyId, filename: 'warehouse-tour.mp4', title: '', description: '' },
      {
        company_id: neighbour.companyId,
        filename: 'other.mp4',
        title: 'Quarterly results',
        description: 'warehouse',
      },
    ].map((video) => ({
      ...video,
      mode: 'hardcode' as const,
      duration_seconds: 60,
      price_cents: 10,
    })) as never,
  )
  .execute();

async function found(search: string) {
  const { body } = await call(
    'GET',
    `/api/upload-logs/my-company-videos-desc?page=1&pageSize=12&search=${search}`,
    {
      token: owner.token,
    },
  );
  return body.data.map((video: { attributes: { filename: string } }) => video.attributes.filename).sort();
}

describe('searching My Videos', () => {
  it('matches titles and descriptions as well as file names, within the company', async () => {
    expect(await found('quarterly')).toEqual(['IMG_0042.mp4']);
    expect(await found('WAREHOUSE')).toEqual(['clip.mp4', 'warehouse-tour.mp4']);
    expect(await found('img_00')).toEqual(['IMG_0042.mp4']);
  });

  it('is answered from the trigram index, not by reading every video', async () => {
    const plan = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM videos
        WHERE (filename || E'\\n' || title || E'\\n' || description) ILIKE '%warehouse%'`.execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('videos_search_trgm_idx');
  });
});
