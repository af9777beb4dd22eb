import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/support/database';

const { db } = await freshDatabase();

async function newCompany() {
  const { id } = await db
    .insertInto('companies')
    .values({ name: 'Acme' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function video(companyId: number, filename = 'clip.mp4') {
  return {
    company_id: companyId,
    mode: 'hardcode' as const,
    filename,
    duration_seconds: 60,
    price_cents: 10,
  };
}

/** The kept count beside the real one (live videos: a deleted video's tombstone is not counted), so a drift shows as a difference. */
async function countsOf(companyId: number) {
  const kept = await db
    .selectFrom('companies')
    .select('video_count')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const real = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { kept: kept.video_count, real: Number(real.n) };
}

describe("a company's kept video count", () => {
  it('follows single and multi-company bulk inserts', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    await db.insertInto('videos').values(video(a)).execute();
    await db
      .insertInto('videos')
      .values([video(a), video(b), video(b), video(b)])
      .execute();
    expect(await countsOf(a)).toEqual({ kept: 2, real: 2 });
    expect(await countsOf(b)).toEqual({ kept: 3, real: 3 });
  });

  it('follows deletes and a video moved to another company, and ignores other updates', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    const ids = await db
      .insertInto('videos')
      .values([video(a), video(a), video(a)])
      .returning('id')
      .execute();
    const [first, second] = ids.map((row) => row.id) as [number, number];
    await db.updateTable('videos').set({ srt_progress: 40 }).where('company_id', '=', a).execute();
    await db.updateTable('videos').set({ company_id: b }).where('id', '=', first).execute();
    await db.deleteFrom('videos').where('id', '=', second).execute();
    expect(await countsOf(a)).toEqual({ kept: 1, real: 1 });
    expect(await countsOf(b)).toEqual({ kept: 1, real: 1 });
  });

  it('does not change when the inserting transaction rolls back', async () => {
    const a = await newCompany();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('videos').values(video(a)).execute();
        throw new Error('upload refused');
      }),
    ).rejects.toThrow('upload refused');
    expect(await countsOf(a)).toEqual({ kept: 0, real: 0 });
  });

  it('stays exact under concurrent uploads to one company', async () => {
    const a = await newCompany();
    await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        db
          .insertInto('videos')
          .values(video(a, `${index}.mp4`))
          .execute(),
      ),
    );
    expect(await countsOf(a)).toEqual({ kept: 25, real: 25 });
  });

  it('returns to zero when the videos table is truncated', async () => {
    const a = await newCompany();
    await db.insertInto('videos').values(video(a)).execute();
    await sql`TRUNCATE videos CASCADE`.execute(db);
    expect(await countsOf(a)).toEqual({ kept: 0, real: 0 });
  });

  it('leaves a tombstone out: once when deleted, not again when removed or moved (0014)', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    const ids = await db
      .insertInto('videos')
      .values([video(a), video(a), video(a)])
      .returning('id')
      .execute();
    const [first, second] = ids.map((row) => row.id) as [number, number];
    await db.updateTable('videos').set({ deleted_at: new Date() }).where('id', '=', first).execute();
    expect(await countsOf(a)).toEqual({ kept: 2, real: 2 });
    // Deleted again (a retried task): counted once only.
    await db.updateTable('videos').set({ deleted_at: new Date() }).where('id', '=', first).execute();
    expect(await countsOf(a)).toEqual({ kept: 2, real: 2 });
    await db.updateTable('videos').set({ company_id: b }).where('id', '=', first).execute();
    expect(await countsOf(a)).toEqual({ kept: 2, real: 2 });
    expect(await countsOf(b)).toEqual({ kept: 0, real: 0 });
    await db.deleteFrom('videos').where('id', 'in', [first, second]).execute();
    expect(await countsOf(a)).toEqual({ kept: 1, real: 1 });
    expect(await countsOf(b)).toEqual({ kept: 0, real: 0 });
  });
});
