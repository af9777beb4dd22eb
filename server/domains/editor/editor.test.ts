import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_REVISIONS } from '../../../shared/limits';
import { EDITOR_TEXTS } from '../../../shared/schemas/editor';
import { VIDEO_TEXTS } from '../../../shared/schemas/videos';
import { payingUser, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { makeClip, makeHevcClip, media, videoCodec } from '../../../test/support/media';
import { multipartBody } from '../../../test/support/multipart';
import { jobs } from '../../jobs/catalog';
import { probeVideo } from '../../media/probe';
import { insertVideo } from '../uploads/repo';
import { insertSubtitleVersion } from '../videos/repo';
import { editorPreviewKey } from './preview';
import { peaksKey } from './service';

const { app, call, db, pool, services } = await testApp();
const owner = await payingUser(call, 'editor');
const colleague = await signedUpUser(call, 'colleague', false);
const stranger = await payingUser(call, 'stranger');
const tab = testCaller(app, owner.token);
const otherTab = testCaller(app, owner.token);
const outsider = testCaller(app, stranger.token);

const SRT = '1\n00:00:00,500 --> 00:00:02,000\nFirst line\n\n2\n00:00:02,500 --> 00:00:03,500\nSecond line\n';
let withAudio: string;
let silentClip: string;

beforeAll(async () => {
  withAudio = await makeClip('editor-4s.mp4', { seconds: 4 });
  silentClip = await makeClip('editor-silent-2s.mp4', { seconds: 2, audio: false });
  // The colleague joins the owner's company: the editor is for every user of it.
  await db.updateTable('users').set({ company_id: owner.companyId }).where('id', '=', colleague.id).execute();
});

/** A finished hardcode video of the owner's company: its source in storage, version 0 by the owner. */
async function finishedVideo({ clip = withAudio, filename = 'talk.mp4', srt = SRT } = {}) {
  const folder = `videos/${randomUUID()}`;
  await services.storage.write(`${folder}/source.mp4`, createReadStream(clip));
  await services.storage.write(`${folder}/hardcoded.mp4`, createReadStream(clip));
  const videoId = await insertVideo(db, {
    companyId: owner.companyId ?? 0,
    createdBy: owner.id,
    mode: 'hardcode',
    filename,
    title: 'A talk',
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 4,
    priceCents: 10,
    sourceKey: `${folder}/source.mp4`,
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await insertSubtitleVersion(db, {
    videoId,
    version: 0,
    origin: 'uploaded',
    name: 'talk.srt',
    srt,
    createdBy: owner.id,
  });
  await markBurnedIn(videoId, `${folder}/hardcoded.mp4`);
  return videoId;
}

/** As the burn-in leaves a video when it is done. */
function markBurnedIn(videoId: number, hardcodedKey?: string) {
  return db
    .updateTable('videos')
    .set({
      hardcoded_status: 'completed',
      hardcoded_progress: 100,
      ...(hardcodedKey ? { hardcoded_key: hardcodedKey } : {}),
    })
    .where('id', '=', videoId)
    .execute();
}

const cues = (label: string, count = 2) =>
  Array.from({ length: count }, (_, index) => ({
    startMs: index * 1000,
    endMs: index * 1000 + 800,
    text: `${label} ${index + 1}`,
  }));

async function videoRow(videoId: number) {
  return db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
}

async function versionsOf(videoId: number) {
  return db
    .selectFrom('subtitle_versions')
    .select(['version', 'origin', 'name', 'srt_content', 'created_by'])
    .where('video_id', '=', videoId)
    .orderBy('version')
    .execute();
}

async function draftOf(videoId: number) {
  return db.selectFrom('subtitle_drafts').selectAll().where('video_id', '=', videoId).executeTakeFirst();
}

async function queuedBurnIns(videoId: number) {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from graphile_worker.jobs where key = ${jobs.burnInVideo.key({ videoId })}`.execute(
    db,
  );
  return Number(rows[0]?.n);
}

const errorText = (answer: { error?: unknown }) => JSON.stringify(answer.error);

async function uploadEditedSrt(videoId: number, text: string) {
  const { body, contentType } = multipartBody([
    { name: 'id', value: String(videoId) },
    { name: 'file', filename: 'edited.srt', content: text },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload-srt',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${owner.token}` },
  });
  return { status: response.statusCode, body: response.body };
}

describe('editor.open', () => {
  it('answers the video, its versions, the latest SRT, no draft and the revisions used', async () => {
    const videoId = await finishedVideo();
    const { status, data } = await tab.query('editor.open', { id: videoId });
    expect(status).toBe(200);
    expect(data.video).toEqual({
      id: videoId,
      title: 'A talk',
      filename: 'talk.mp4',
      durationSeconds: 4,
      plan: null,
      language: 'en',
      width: 320,
      height: 240,
      fps: 25,
      style: 'broadcast',
      customStyle: null,
      audioOnly: false,
    });
    expect(data.versions).toEqual([
      {
        id: expect.any(Number),
        version: 0,
        origin: 'uploaded',
        name: 'talk.srt',
        createdAt: expect.any(String),
        author: expect.stringMatching(/^editor\d+$/),
      },
    ]);
    expect(data.latest).toEqual({ version: 0, srt: SRT });
    expect(data.draft).toBeNull();
    expect(data.revisions).toEqual({ used: 0, max: MAX_REVISIONS });
    expect(data.mediaExpiresAt).toBeGreaterThan(Date.now());
  });

  it("guesses a user's own SRT's language from its script", async () => {
    const videoId = await finishedVideo({ srt: '1\n00:00:00,500 --> 00:00:02,000\nこんにちは\n' });
    expect((await tab.query('editor.open', { id: videoId })).data.video.language).toBe('ja');
  });

  it('is open to every user of the company, and to no one else', async () => {
    const videoId = await finishedVideo({ filename: 'secret-plans.mp4' });
    expect((await testCaller(app, colleague.token).query('editor.open', { id: videoId })).status).toBe(200);
    const foreign = await outsider.query('editor.open', { id: videoId });
    expect(foreign.status).toBe(404);
    expect(foreign.data).toBeUndefined();
    expect(errorText(foreign)).not.toContain('secret-plans');
    expect(errorText(foreign)).not.toContain('First line');
    expect((await testCaller(app).query('editor.open', { id: videoId })).status).toBe(401);
    const noCompany = await signedUpUser(call, 'loner', false);
    expect((await testCaller(app, noCompany.token).query('editor.open', { id: videoId })).status).toBe(404);
    // The other procedures of a foreign video, too.
    const { data } = await tab.query('editor.open', { id: videoId });
    for (const [procedure, input] of [
      ['editor.peaks', { id: videoId }],
      ['editor.version', { id: videoId, versionId: data.versions[0].id }],
    ] as const)
      expect((await outsider.query(procedure, input)).status, procedure).toBe(404);
    for (const [procedure, input] of [
      ['editor.saveDraft', { id: videoId, cues: cues('pwned'), revision: 0 }],
      ['editor.discardDraft', { id: videoId }],
      ['editor.saveAndBurnIn', { id: videoId, revision: 0 }],
    ] as const)
      expect((await outsider.mutation(procedure, input)).status, procedure).toBe(404);
    expect(await draftOf(videoId)).toBeUndefined();
  });

  it('says the video file is unavailable when its source is gone from storage, rather than a format to convert', async () => {
    const videoId = await finishedVideo();
    const { source_key } = await videoRow(videoId);
    await services.storage.remove(source_key ?? '');
    const { status, data } = await tab.query('editor.open', { id: videoId });
    expect(status).toBe(200);
    expect(data.mediaUrl).toBeNull();
  });

  it('hands out a media link that plays the source inline and seeks; forged links find nothing', async () => {
    const videoId = await finishedVideo();
    const { data } = await tab.query('editor.open', { id: videoId });
    const url = new URL(data.mediaUrl).pathname;
    expect(url).toMatch(/^\/api\/editor-media\//);
    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-disposition']).toBeUndefined();
    const size = Number(whole.headers['content-length']);
    expect(size).toBeGreaterThan(1000);
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
    expect((await app.inject({ method: 'GET', url: `${url}x` })).statusCode).toBe(404);
    // A download link of the company is not an editor link.
    const download = await tab.query('videos.downloadUrl', { id: videoId });
    const token = new URL(download.data.url).pathname.split('/').pop();
    expect((await app.inject({ method: 'GET', url: `/api/editor-media/${token}` })).statusCode).toBe(404);
  });

  it('answers one version’s SRT, of this video only', async () => {
    const videoId = await finishedVideo();
    const other = await finishedVideo({ srt: '1\n00:00:00,000 --> 00:00:01,000\nOther video\n' });
    const [version] = (await tab.query('editor.open', { id: videoId })).data.versions;
    expect((await tab.query('editor.version', { id: videoId, versionId: version.id })).data).toEqual({
      srt: SRT,
    });
    expect((await tab.query('editor.version', { id: other, versionId: version.id })).status).toBe(404);
  });
});

describe('editor.preview', () => {
  const previewJobs = async () =>
    Number(
      (
        await sql<{
          count: string;
        }>`select count(*) from graphile_worker.jobs where task_identifier = 'make_editor_preview'`.execute(
          db,
        )
      ).rows[0]?.count,
    );

  it('makes a copy any browser plays (H.264, at most 720 lines, as long) once, for the company only', async () => {
    // HEVC at 1080 lines, as a phone records.
    const videoId = await finishedVideo({
      clip: await makeHevcClip('editor-hevc-1080p.mp4', withAudio, 1080),
    });
    expect((await tab.mutation('editor.preview', { id: videoId })).data).toEqual({ status: 'making' });
    // Asked again while it is made (the editor asks every few seconds): still one job.
    expect((await tab.mutation('editor.preview', { id: videoId })).data).toEqual({ status: 'making' });
    expect(await previewJobs()).toBe(1);
    expect((await outsider.mutation('editor.preview', { id: videoId })).status).toBe(404);

    await runQueuedJobs(pool, services);
    const ready = await tab.mutation('editor.preview', { id: videoId });
    expect(ready.data.status).toBe('ready');
    const served = await app.inject({ method: 'GET', url: new URL(ready.data.mediaUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    const { source_key } = await db
      .selectFrom('videos')
      .select('source_key')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    const preview = await services.storage.withLocalFile(
      editorPreviewKey(source_key ?? ''),
      async (file) => ({
        probe: await probeVideo(media.ffprobe, file),
        codec: await videoCodec(file),
      }),
    );
    expect(preview.codec).toBe('h264');
    // The 4:3 clip at 1080 lines (1440 wide), brought to 720 lines, its shape kept.
    expect(preview.probe).toMatchObject({ isMp4: true, width: 960, height: 720 });
    expect(preview.probe.durationSeconds).toBeCloseTo(4, 0);
    expect(preview.probe.audio?.codec).toBe('aac');
    expect(await previewJobs()).toBe(0);
  }, 60_000);
});

describe('editor.peaks', () => {
  it('computes the waveform once, keeps it beside the video, and reads it back after', async () => {
    const videoId = await finishedVideo();
    const { source_key } = await videoRow(videoId);
    const key = peaksKey(source_key ?? '');
    expect(key).toBe(source_key?.replace('source.mp4', 'peaks.json'));
    expect(await services.storage.size(key)).toBeNull();

    const [first, second] = await Promise.all([
      tab.query('editor.peaks', { id: videoId }),
      tab.query('editor.peaks', { id: videoId }),
    ]);
    expect(first.status).toBe(200);
    expect(second.data).toEqual(first.data);
    const { samplesPerSecond, peaks } = first.data;
    expect(samplesPerSecond).toBe(40);
    // Min and max per bucket for 4 s of a tone, scaled to its loudest sample.
    expect(Math.abs(peaks.length - 4 * 40 * 2)).toBeLessThanOrEqual(4);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(1);
    expect(Math.min(...peaks)).toBeGreaterThanOrEqual(-1);
    expect(Math.max(...peaks.map(Math.abs))).toBe(1);
    for (let bucket = 0; bucket < peaks.length; bucket += 2)
      expect(peaks[bucket]).toBeLessThanOrEqual(peaks[bucket + 1]);
    expect(await services.storage.size(key)).toBeGreaterThan(0);

    // Later calls read the stored file: a file changed in storage is what they answer.
    const stored = { samplesPerSecond: 40, peaks: [-0.5, 0.5] };
    await services.storage.write(key, Readable.from([JSON.stringify(stored)]));
    expect((await tab.query('editor.peaks', { id: videoId })).data).toEqual(stored);
  });

  it('answers no peaks for a video without audio', async () => {
    const videoId = await finishedVideo({ clip: silentClip });
    expect((await tab.query('editor.peaks', { id: videoId })).data).toEqual({
      samplesPerSecond: 40,
      peaks: [],
    });
  });
});

describe('drafts', () => {
  it('are saved, read back on the next open, saved again, and discarded', async () => {
    const videoId = await finishedVideo();
    const first = await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Draft'), revision: 0 });
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ revision: 1, updatedAt: expect.any(String) });

    const opened = (await tab.query('editor.open', { id: videoId })).data;
    expect(opened.draft).toEqual({
      cues: cues('Draft'),
      revision: 1,
      baseVersion: 0,
      updatedAt: first.data.updatedAt,
      updatedBy: expect.stringMatching(/^editor\d+$/),
    });
    const colleagueTab = testCaller(app, colleague.token);
    const second = await colleagueTab.mutation('editor.saveDraft', {
      id: videoId,
      cues: cues('Again', 3),
      revision: 1,
    });
    expect(second.data.revision).toBe(2);
    const reopened = (await tab.query('editor.open', { id: videoId })).data;
    expect(reopened.draft).toMatchObject({
      cues: cues('Again', 3),
      revision: 2,
      updatedBy: expect.stringMatching(/^colleague\d+$/),
    });
    // Drafts are free: no version, no revision, no burn-in.
    expect(await versionsOf(videoId)).toHaveLength(1);
    expect((await videoRow(videoId)).revisions).toBe(0);

    expect((await tab.mutation('editor.discardDraft', { id: videoId })).data).toEqual({ discarded: true });
    expect((await tab.query('editor.open', { id: videoId })).data.draft).toBeNull();
    expect((await tab.mutation('editor.discardDraft', { id: videoId })).data).toEqual({ discarded: false });
    // After a discard, a draft starts again from revision 0.
    expect(
      (await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('New'), revision: 0 })).data.revision,
    ).toBe(1);
  });

  it('refuse cues that are out of shape, and change nothing', async () => {
    const videoId = await finishedVideo();
    for (const bad of [
      [{ startMs: 1000, endMs: 1000, text: 'No length' }],
      [{ startMs: -1, endMs: 1000, text: 'Before the start' }],
      [{ startMs: 0, endMs: 1000.5, text: 'Not whole' }],
      [{ startMs: 0, endMs: 1000, text: 'x'.repeat(501) }],
      cues('Too many', 5001),
      // More than the 300,000 characters of text a subtitle file may hold (security hole 5).
      Array.from({ length: 700 }, (_, index) => ({
        startMs: index * 1000,
        endMs: index * 1000 + 900,
        text: 'w'.repeat(450),
      })),
      [{ startMs: 0, endMs: 1000 }],
    ]) {
      const answer = await tab.mutation('editor.saveDraft', { id: videoId, cues: bad, revision: 0 });
      expect(answer.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(await draftOf(videoId)).toBeUndefined();
    const ok = await tab.mutation('editor.saveDraft', {
      id: videoId,
      cues: [{ startMs: 0, endMs: 1000, text: 'x'.repeat(500) }],
      revision: 0,
    });
    expect(ok.status).toBe(200);
  });
});

describe('two tabs editing one video', () => {
  it('lets the first save win and refuses the second, which changes nothing', async () => {
    const videoId = await finishedVideo();
    await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Start'), revision: 0 });
    // Both tabs saw revision 1.
    expect(
      (await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Tab A'), revision: 1 })).data
        .revision,
    ).toBe(2);
    const late = await otherTab.mutation('editor.saveDraft', {
      id: videoId,
      cues: cues('Tab B'),
      revision: 1,
    });
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(EDITOR_TEXTS.changedElsewhere);
    expect(EDITOR_TEXTS.changedElsewhere).toBe(
      "This video's subtitles were changed in another tab or browser. Reload to see them.",
    );
    const draft = await draftOf(videoId);
    expect(draft).toMatchObject({ revision: 2, cues: cues('Tab A') });
    // A tab that saw no draft cannot write over one another tab made.
    const stale = await otherTab.mutation('editor.saveDraft', {
      id: videoId,
      cues: cues('Tab B'),
      revision: 0,
    });
    expect(stale.status).toBe(409);
    // A tab that opened an older version cannot start a draft on the newer one.
    await tab.mutation('editor.discardDraft', { id: videoId });
    await insertSubtitleVersion(db, { videoId, version: 1, origin: 'revision', name: 'talk.srt', srt: SRT });
    const behind = await otherTab.mutation('editor.saveDraft', {
      id: videoId,
      cues: cues('Old'),
      revision: 0,
      baseVersion: 0,
    });
    expect(behind.status).toBe(409);
    expect(await draftOf(videoId)).toBeUndefined();
    const current = await otherTab.mutation('editor.saveDraft', {
      id: videoId,
      cues: cues('New'),
      revision: 0,
      baseVersion: 1,
    });
    expect(current.status).toBe(200);
    expect(await draftOf(videoId)).toMatchObject({ base_version: 1 });
  });

  it('lets exactly one of two saves at the same moment win, round after round', async () => {
    const videoId = await finishedVideo();
    let revision = 0;
    for (let round = 1; round <= 15; round++) {
      const answers = await Promise.all(
        ['A', 'B'].map((name) =>
          testCaller(app, owner.token).mutation('editor.saveDraft', {
            id: videoId,
            cues: cues(`Round ${round} tab ${name}`),
            revision,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.status === 200);
      revision += 1;
      expect(answers[winner]?.data.revision).toBe(revision);
      expect(await draftOf(videoId)).toMatchObject({
        revision,
        cues: cues(`Round ${round} tab ${winner === 0 ? 'A' : 'B'}`),
      });
      // Every few rounds the draft is discarded, so two first saves race as well.
      if (round % 5 === 0) {
        await tab.mutation('editor.discardDraft', { id: videoId });
        revision = 0;
      }
    }
  });

  it('lets a save and a burn-in at the same moment end in one consistent state', async () => {
    for (let round = 0; round < 5; round++) {
      const videoId = await finishedVideo();
      await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Draft'), revision: 0 });
      const [save, burn] = await Promise.all([
        otherTab.mutation('editor.saveDraft', { id: videoId, cues: cues('Other tab'), revision: 1 }),
        tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 1 }),
      ]);
      expect([save.status, burn.status].sort()).toEqual([200, 409]);
      const versions = await versionsOf(videoId);
      if (burn.status === 200) {
        expect(versions).toHaveLength(2);
        expect(await draftOf(videoId)).toBeUndefined();
      } else {
        expect(versions).toHaveLength(1);
        expect(await draftOf(videoId)).toMatchObject({ revision: 2, cues: cues('Other tab') });
      }
    }
  });
});

describe('save and burn in', () => {
  it('makes the draft a new version by its author and burns the video again: a revision', async () => {
    const videoId = await finishedVideo();
    const draft = [
      { startMs: 2000, endMs: 2500, text: 'Later' },
      { startMs: 100, endMs: 900, text: '  Earlier  ' },
      { startMs: 1000, endMs: 1500, text: '   ' },
    ];
    await tab.mutation('editor.saveDraft', { id: videoId, cues: draft, revision: 0 });
    const burned = await tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 1 });
    expect(burned.status).toBe(200);
    expect(burned.data).toEqual({ version: 1 });
    const versions = await versionsOf(videoId);
    expect(versions[1]).toEqual({
      version: 1,
      origin: 'revision',
      name: 'talk.srt',
      srt_content: '1\n00:00:00,100 --> 00:00:00,900\nEarlier\n\n2\n00:00:02,000 --> 00:00:02,500\nLater\n',
      created_by: owner.id,
    });
    expect(await videoRow(videoId)).toMatchObject({
      revisions: 1,
      hardcoded_status: 'polling',
      hardcoded_progress: 0,
    });
    expect(await draftOf(videoId)).toBeUndefined();
    expect(await queuedBurnIns(videoId)).toBe(1);
    const opened = (await tab.query('editor.open', { id: videoId })).data;
    expect(opened.versions.map((version: { version: number }) => version.version)).toEqual([1, 0]);
    expect(opened.versions[0]).toMatchObject({
      origin: 'revision',
      author: expect.stringMatching(/^editor\d+$/),
    });
    expect(opened.revisions).toEqual({ used: 1, max: 2 });

    // The worker burns the new version in.
    await runQueuedJobs(pool, services);
    expect(await videoRow(videoId)).toMatchObject({ hardcoded_status: 'completed', hardcoded_progress: 100 });
  });

  it('refuses a third with the exact text, a video still burning, a stale revision; each changes nothing', async () => {
    const videoId = await finishedVideo();
    for (const round of [1, 2]) {
      await tab.mutation('editor.saveDraft', { id: videoId, cues: cues(`Edit ${round}`), revision: 0 });
      if (round === 2) {
        // Still burning the first revision: refused, the draft kept.
        const early = await tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 1 });
        expect(early.status).toBe(409);
        expect(early.error.message).toBe(VIDEO_TEXTS.revisionNotReady);
        expect(await draftOf(videoId)).toMatchObject({ revision: 1 });
        await markBurnedIn(videoId);
      }
      const stale = await tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 2 });
      expect(stale.status).toBe(409);
      expect(stale.error.message).toBe(EDITOR_TEXTS.changedElsewhere);
      expect((await tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 1 })).status).toBe(200);
    }
    await markBurnedIn(videoId);
    await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Edit 3'), revision: 0 });
    const before = {
      versions: await versionsOf(videoId),
      video: await videoRow(videoId),
      draft: await draftOf(videoId),
    };
    const third = await tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 1 });
    expect(third.status).toBe(409);
    expect(third.error.message).toBe(VIDEO_TEXTS.revisionsUsedUp);
    expect(await versionsOf(videoId)).toEqual(before.versions);
    expect(await videoRow(videoId)).toEqual(before.video);
    expect(await draftOf(videoId)).toEqual(before.draft);
    // The draft itself is still free to save.
    expect(
      (await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Edit 4'), revision: 1 })).status,
    ).toBe(200);
  });

  it('refuses without a saved draft, or with one that has no text', async () => {
    const videoId = await finishedVideo();
    const none = await tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 0 });
    expect(none.status).toBe(400);
    expect(none.error.message).toBe(EDITOR_TEXTS.nothingToBurnIn);
    await tab.mutation('editor.saveDraft', {
      id: videoId,
      cues: [{ startMs: 0, endMs: 500, text: ' \n ' }],
      revision: 0,
    });
    const empty = await tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 1 });
    expect(empty.status).toBe(400);
    expect(empty.error.message).toBe(EDITOR_TEXTS.emptyDraft);
    expect(await versionsOf(videoId)).toHaveLength(1);
    expect(await draftOf(videoId)).toMatchObject({ revision: 1 });
  });

  it('shares the count with the edited SRT upload: one of each, then the editor is refused and an upload buys a re-burn', async () => {
    for (const first of ['upload', 'editor'] as const) {
      const videoId = await finishedVideo();
      const viaUpload = () => uploadEditedSrt(videoId, '1\n00:00:00,000 --> 00:00:01,000\nUploaded\n');
      const viaEditor = async () => {
        await tab.mutation('editor.discardDraft', { id: videoId });
        await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Edited'), revision: 0 });
        return tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 1 });
      };
      const order = first === 'upload' ? [viaUpload, viaEditor] : [viaEditor, viaUpload];
      for (const revise of order) {
        expect((await revise()).status).toBe(200);
        await markBurnedIn(videoId);
      }
      expect((await videoRow(videoId)).revisions).toBe(2);
      const versions = await versionsOf(videoId);
      expect(versions.map((version) => version.origin)).toEqual(['uploaded', 'revision', 'revision']);
      expect(versions.every((version) => version.created_by === owner.id)).toBe(true);

      const edited = await viaEditor();
      expect(edited.status).toBe(409);
      expect(edited.error.message).toBe(VIDEO_TEXTS.revisionsUsedUp);
      expect(await versionsOf(videoId)).toHaveLength(3);
      // Past them, an edited SRT buys a re-burn (issue 39; server/domains/videos/reburns.test.ts), not counted.
      const upload = await viaUpload();
      expect(upload.status).toBe(200);
      expect(await versionsOf(videoId)).toHaveLength(4);
      expect((await videoRow(videoId)).revisions).toBe(2);
    }
  });
});
