import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { insertVideo } from '../uploads/repo';

const { app, call, db, services } = await testApp();
const admin = testCaller(app, await adminToken(call));
const visitor = testCaller(app);
const owner = await signedUpUser(call, 'owner');
const ORIGINAL = Buffer.alloc(4096, 'o');
const SUBTITLED = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 251));

/** A finished hardcode video of the owner's company, its two files in storage. */
async function finishedVideo(filename = 'launch.mp4') {
  const videoId = await insertVideo(db, {
    companyId: owner.companyId ?? 0,
    createdBy: owner.id,
    mode: 'hardcode',
    filename,
    title: 'Launch',
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 10,
    priceCents: 10,
    sourceKey: `videos/${filename}/source.mp4`,
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await services.storage.write(`videos/${filename}/source.mp4`, Readable.from([ORIGINAL]));
  await services.storage.write(`videos/${filename}/hardcoded.mp4`, Readable.from([SUBTITLED]));
  await db
    .updateTable('videos')
    .set({ hardcoded_status: 'completed', hardcoded_key: `videos/${filename}/hardcoded.mp4` })
    .where('id', '=', videoId)
    .execute();
  return videoId;
}

const file = (url: string, range?: string) =>
  app.inject({ method: 'GET', url, headers: range ? { range } : {} });

async function publishedTitles(): Promise<string[]> {
  const { data } = await visitor.query('showcase.list');
  return data.map((video: { title: string }) => video.title);
}

async function auditLines(pattern: string) {
  const rows = await db.selectFrom('audit_trail').select('action').where('action', 'like', pattern).execute();
  return rows.map((row) => row.action);
}

describe('the showcase', () => {
  it('starts empty, and offers an admin the finished videos to publish', async () => {
    expect((await visitor.query('showcase.list')).data).toEqual([]);
    const videoId = await finishedVideo('candidate.mp4');
    const candidates = await admin.query('showcase.candidates');
    expect(candidates.data).toContainEqual(
      expect.objectContaining({ id: videoId, filename: 'candidate.mp4' }),
    );
  });

  it("refuses to publish without the owner's consent, or a video that is not finished", async () => {
    const videoId = await finishedVideo('no-consent.mp4');
    const refused = await admin.mutation('showcase.publish', {
      videoId,
      placement: 'example',
      title: 'No consent',
      ownerConsent: false,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.error)).toContain("Confirm that the video's owner agreed");

    await db.updateTable('videos').set({ hardcoded_status: 'polling' }).where('id', '=', videoId).execute();
    const unfinished = await admin.mutation('showcase.publish', {
      videoId,
      placement: 'example',
      title: 'Unfinished',
      ownerConsent: true,
    });
    expect(unfinished.status).toBe(404);
    const titles = await publishedTitles();
    expect(titles).not.toContain('No consent');
    expect(titles).not.toContain('Unfinished');
  });

  it('publishes copies anyone can play and seek, audited; they outlive the company’s video', async () => {
    const videoId = await finishedVideo('published.mp4');
    const published = await admin.mutation('showcase.publish', {
      videoId,
      placement: 'carousel',
      title: '  Product launch ',
      description: 'Our launch, subtitled',
      ownerConsent: true,
    });
    expect(published.status).toBe(200);
    const [shown] = (await visitor.query('showcase.list')).data;
    expect(shown).toMatchObject({ placement: 'carousel', title: 'Product launch' });

    const whole = await file(shown.subtitledUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(SUBTITLED)).toBe(true);
    const part = await file(shown.subtitledUrl, 'bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${SUBTITLED.length}`);
    expect(part.rawPayload.equals(SUBTITLED.subarray(100, 200))).toBe(true);
    expect((await file(shown.subtitledUrl, 'bytes=999999-')).statusCode).toBe(416);
    expect((await file(shown.originalUrl)).rawPayload.equals(ORIGINAL)).toBe(true);
    expect(await auditLines('% published video %')).toEqual([
      `Admin admin published video ${videoId} (published.mp4) of company ${owner.companyId} on the Home page carousel as "Product launch", with its owner's consent`,
    ]);

    // The company deletes its video and its files: the published copy plays on.
    await db.deleteFrom('videos').where('id', '=', videoId).execute();
    await services.storage.remove('videos/published.mp4/hardcoded.mp4');
    expect((await file(shown.subtitledUrl)).rawPayload.equals(SUBTITLED)).toBe(true);
  });

  it('unpublishes: gone from the list, its files no longer served, audited', async () => {
    const videoId = await finishedVideo('unpublished.mp4');
    const { data } = await admin.mutation('showcase.publish', {
      videoId,
      placement: 'example',
      title: 'Short-lived',
      ownerConsent: true,
    });
    const shown = (await visitor.query('showcase.list')).data.find(
      (video: { id: number }) => video.id === data.id,
    );
    expect((await file(shown.subtitledUrl)).statusCode).toBe(200);

    expect((await admin.mutation('showcase.unpublish', { id: shown.id })).status).toBe(200);
    expect((await visitor.query('showcase.list')).data).not.toContainEqual(
      expect.objectContaining({ id: shown.id }),
    );
    expect((await file(shown.subtitledUrl)).statusCode).toBe(404);
    expect((await file(`/api/showcase/${shown.id}/other.mp4`)).statusCode).toBe(404);
    expect(await auditLines('% removed "Short-lived" %')).toHaveLength(1);
    expect((await admin.mutation('showcase.unpublish', { id: shown.id })).status).toBe(404);
  });

  it('is for admins only, apart from the public list and files', async () => {
    const user = testCaller(app, owner.token);
    expect((await user.query('showcase.candidates')).status).toBe(403);
    const videoId = await finishedVideo('by-user.mp4');
    expect(
      (
        await user.mutation('showcase.publish', {
          videoId,
          placement: 'example',
          title: 'By a user',
          ownerConsent: true,
        })
      ).status,
    ).toBe(403);
    expect(await publishedTitles()).not.toContain('By a user');
  });
});
