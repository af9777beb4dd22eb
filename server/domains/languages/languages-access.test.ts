import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatCompletions } from '../../../test/fakes/chat-completions';
import { balanceCents } from '../../../test/support/database';
import { payingUser, testApp, testCaller } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { makeClip, media } from '../../../test/support/media';
import { downloadByLink, finishedHardcodeVideo } from '../../../test/support/videos';
import { burnState } from '../burn-in/repo';
import { insertSubtitleVersion } from '../videos/repo';
import { failTranslation } from './failure';

/**
 * Issue 40: a language is charged once however many clicks race, another company can neither add,
 * read nor burn one (its answer and the absence of the victim's data), and the soft-subtitle files
 * and the ZIP carry every ready language as its own tagged track. Real database, real ffmpeg, the
 * local fake of an OpenAI-compatible endpoint.
 */
const run = promisify(execFile);
const fake = await startFakeChatCompletions();
afterAll(() => fake.close());
const { app, call, db, pool, services } = await testApp({ LLM_URL: fake.baseUrl, LLM_MODEL: 'fake-model' });
const owner = await payingUser(call, 'lang-owner', 50);
const stranger = await payingUser(call, 'lang-stranger', 50);
const mine = testCaller(app, owner.token);
const theirs = testCaller(app, stranger.token);
const ENGLISH = '1\n00:00:00,500 --> 00:00:01,250\nSales went up by 12 percent.\n';

let clip = '';
let workDir = '';
afterAll(() => rm(workDir, { recursive: true, force: true }));
beforeAll(async () => {
  clip = await makeClip('languages-access-3s.mp4', { seconds: 3 });
  workDir = await mkdtemp(path.join(os.tmpdir(), 'languages-access-'));
});

/** A finished hardcode video of the owner's company: its source stored, its own English SRT, burned. */
async function finishedVideo() {
  const sourceKey = `videos/${randomUUID()}/source.mp4`;
  await services.storage.write(sourceKey, createReadStream(clip));
  return finishedHardcodeVideo(db, owner, {
    title: 'Owner talk',
    srt: ENGLISH,
    durationSeconds: 3,
    sourceKey,
  });
}

const charges = (videoId: number) =>
  db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents', 'language'])
    .where('video_id', '=', videoId)
    .orderBy('id')
    .execute();

describe('two clicks at once', () => {
  it('charge a language once, whichever path they come by, never a server error', async () => {
    const companyId = owner.companyId ?? 0;
    for (let round = 0; round < 12; round++) {
      const videoId = await finishedVideo();
      const balance = await balanceCents(db, companyId);
      const answers = await Promise.all([
        ...Array.from({ length: 3 }, () =>
          mine.mutation('videos.addLanguage', { id: videoId, language: 'fr' }),
        ),
        ...Array.from({ length: 2 }, () =>
          call('POST', `/api/videos/${videoId}/languages`, { token: owner.token, body: { language: 'fr' } }),
        ),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409, 409, 409, 409]);
      expect(await charges(videoId)).toEqual([{ kind: 'charge', amount_cents: '-5', language: 'fr' }]);
      expect(await balanceCents(db, companyId)).toBe(balance - 5);
    }
  });

  it('refund a failed language once, however many failures are told at once', async () => {
    const videoId = await finishedVideo();
    expect((await mine.mutation('videos.addLanguage', { id: videoId, language: 'de' })).status).toBe(200);
    const failure = { customer: 'Translating the subtitles failed.', cause: 'test: told three times' };
    await Promise.all(
      Array.from({ length: 3 }, () => failTranslation(db, { videoId, language: 'de' }, failure)),
    );
    expect((await charges(videoId)).map((line) => [line.kind, Number(line.amount_cents)])).toEqual([
      ['charge', -5],
      ['refund', 5],
    ]);
    // Added again after it failed: a new charge, translated this time.
    expect((await mine.mutation('videos.addLanguage', { id: videoId, language: 'de' })).status).toBe(200);
    await runQueuedJobs(pool, services);
    expect((await charges(videoId)).map((line) => [line.kind, Number(line.amount_cents)])).toEqual([
      ['charge', -5],
      ['refund', 5],
      ['charge', -5],
    ]);
    const row = await db
      .selectFrom('video_languages')
      .select(['status', 'failure_reason'])
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ready', failure_reason: null });
  });
});

describe('a video deleted while its language is made', () => {
  it('gets the charges of the language and its burned video back, once', async () => {
    const videoId = await finishedVideo();
    const balance = await balanceCents(db, owner.companyId ?? 0);
    const added = await mine.mutation('videos.addLanguage', { id: videoId, language: 'sv', burn: true });
    expect(added.status).toBe(200);
    expect((await mine.mutation('videos.delete', { id: videoId })).status).toBe(200);
    await runQueuedJobs(pool, services);
    expect(
      (await charges(videoId)).map((line) => [line.kind, Number(line.amount_cents), line.language]),
    ).toEqual([
      ['charge', -5, 'sv'],
      ['charge', -5, 'sv'],
      ['refund', 5, 'sv'],
      ['refund', 5, 'sv'],
    ]);
    expect(await balanceCents(db, owner.companyId ?? 0)).toBe(balance);
  });
});

describe('live status', () => {
  it("pushes the video's event to the company when a language is added, and again when it is ready", async () => {
    const videoId = await finishedVideo();
    const client = await pool.connect();
    const heard: { videoId: number; companyId: number }[] = [];
    const waiters: (() => void)[] = [];
    client.on('notification', (message) => {
      heard.push(JSON.parse(message.payload ?? '{}'));
      for (const wake of waiters.splice(0)) wake();
    });
    /** Waits until `count` events of the video have been heard (each wakes the wait; no timer sets the order). */
    const eventsOfVideo = async (count: number) => {
      for (;;) {
        const found = heard.filter((event) => event.videoId === videoId);
        if (found.length >= count) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    try {
      await client.query('LISTEN app_events');
      expect((await mine.mutation('videos.addLanguage', { id: videoId, language: 'it' })).status).toBe(200);
      expect(await eventsOfVideo(1)).toEqual([{ type: 'video', companyId: owner.companyId, videoId }]);
      await runQueuedJobs(pool, services);
      const events = await eventsOfVideo(2);
      expect(events.every((event) => event.companyId === owner.companyId)).toBe(true);
      const ready = (await mine.query('videos.languages', { id: videoId })).data;
      expect(ready.languages[1]).toMatchObject({ language: 'it', status: 'ready', progress: 100 });
    } finally {
      await client.query('UNLISTEN app_events');
      client.release();
    }
  });
});

describe("an added language's versions", () => {
  it("never stand in for the video's own subtitles, however new", async () => {
    const videoId = await finishedVideo();
    const own = await db
      .selectFrom('subtitle_versions')
      .select('id')
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('video_languages')
      .values({ video_id: videoId, language: 'fr', status: 'ready', progress: 100, created_by: owner.id })
      .execute();
    // French edited twice (versions 0 to 2), with the figures a generated version keeps.
    for (const version of [0, 1, 2])
      await insertSubtitleVersion(db, {
        videoId,
        language: 'fr',
        version,
        origin: version === 0 ? 'generated' : 'revision',
        name: 'talk.fr.srt',
        srt: `1\n00:00:00,500 --> 00:00:01,250\nfr: version ${version}\n`,
        stats: { reading: { notes: ['a French note'] }, plan: 'french figures' },
      });
    expect((await mine.query('videos.subtitles', { id: videoId })).data.srt).toBe(ENGLISH);
    const srts = await call('GET', `/api/srts?filters[video_id]=${videoId}`, { token: owner.token });
    expect(srts.body.data[0].attributes.srt_content).toBe(ENGLISH);
    expect((await mine.query('videos.export', { id: videoId, format: 'srt' })).data.content).toBe(ENGLISH);
    expect(
      (await mine.query('videos.export', { id: videoId, format: 'srt', language: 'fr' })).data.content,
    ).toContain('fr: version 2');
    const video = (await mine.query('videos.get', { id: videoId })).data;
    expect([video.compliance, video.reading_notes]).toEqual([null, null]);
    // The burn-in's check that a burn is still current reads the own latest version.
    expect((await burnState(db, videoId))?.latest_version_id).toBe(own.id);
  });
});

describe("another company's user", () => {
  it('can neither read, add nor burn a language of the video, and learns nothing of it', async () => {
    const videoId = await finishedVideo();
    expect((await mine.mutation('videos.addLanguage', { id: videoId, language: 'fr' })).status).toBe(200);
    await runQueuedJobs(pool, services);
    const strangerBalance = await balanceCents(db, stranger.companyId ?? 0);
    const ownerBalance = await balanceCents(db, owner.companyId ?? 0);
    const before = await db
      .selectFrom('video_languages')
      .selectAll()
      .where('video_id', '=', videoId)
      .execute();

    const attempts = [
      await theirs.query('videos.languages', { id: videoId }),
      await theirs.mutation('videos.addLanguage', { id: videoId, language: 'de' }),
      await theirs.mutation('videos.burnLanguage', { id: videoId, language: 'fr' }),
      await theirs.query('videos.export', { id: videoId, format: 'srt', language: 'fr' }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.data).toBeUndefined();
      expect(JSON.stringify(attempt.error)).not.toMatch(/owner-secret|fr: |Owner talk/);
    }
    const rest = await call('POST', `/api/videos/${videoId}/languages`, {
      token: stranger.token,
      body: { language: 'de', burn: true },
    });
    expect(rest.status).toBe(404);
    const file = await app.inject({
      method: 'GET',
      url: `/api/subtitle-file?id=${videoId}&format=srt&language=fr`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toMatch(/fr: |owner-secret/);
    const list = await theirs.query('videos.list', {});
    expect(JSON.stringify(list.data)).not.toContain('owner-secret');

    // Nothing moved: no language, burn or charge on either side.
    expect(
      await db.selectFrom('video_languages').selectAll().where('video_id', '=', videoId).execute(),
    ).toEqual(before);
    expect(await balanceCents(db, stranger.companyId ?? 0)).toBe(strangerBalance);
    expect(await balanceCents(db, owner.companyId ?? 0)).toBe(ownerBalance);
  });
});

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  nb_read_packets?: string;
  tags?: Record<string, string>;
  disposition: { default: number };
}

async function probeStreams(file: string): Promise<ProbedStream[]> {
  const { stdout } = await run(media.ffprobe, [
    ...['-v', 'error', '-count_packets', '-show_streams', '-of', 'json', file],
  ]);
  return (JSON.parse(stdout) as { streams: ProbedStream[] }).streams;
}

const packetsOf = (streams: ProbedStream[], type: string) =>
  streams.filter((stream) => stream.codec_type === type).map((s) => [s.codec_name, s.nb_read_packets]);

describe('the soft-subtitle files and the ZIP', () => {
  it('carry the own language and every ready added one as tagged tracks, the own one default', async () => {
    const videoId = await finishedVideo();
    expect((await mine.mutation('videos.addLanguage', { id: videoId, language: 'fr' })).status).toBe(200);
    await runQueuedJobs(pool, services);
    // A language still translating (its job not run) is not a track yet.
    expect((await mine.mutation('videos.addLanguage', { id: videoId, language: 'ja' })).status).toBe(200);

    const source = await probeStreams(clip);
    for (const format of ['mkv', 'mp4'] as const) {
      const answer = await mine.mutation('videos.softSubtitles', { id: videoId, format });
      expect(answer.status).toBe(200);
      const download = await downloadByLink(app, answer.data.url);
      expect(download.status).toBe(200);
      const file = path.join(workDir, `both.${format}`);
      await writeFile(file, download.body);
      const made = await probeStreams(file);
      expect(packetsOf(made, 'video')).toEqual(packetsOf(source, 'video'));
      const subtitles = made.filter((stream) => stream.codec_type === 'subtitle');
      expect(
        subtitles.map((stream) => [stream.codec_name, stream.tags?.language, stream.disposition.default]),
      ).toEqual([
        [format === 'mkv' ? 'ass' : 'mov_text', 'eng', 1],
        [format === 'mkv' ? 'ass' : 'mov_text', 'fra', 0],
      ]);
      // ffmpeg reads the French track back.
      const { stdout } = await run(media.ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:s:1', '-f', 'srt', '-'],
      ]);
      expect(stdout).toMatch(/fr: .*12/);
    }

    const zip = await mine.query('videos.subtitlesZip', { id: videoId });
    expect(zip.status).toBe(200);
    const files = unzipSync(Buffer.from(zip.data.base64, 'base64'));
    expect(Object.keys(files).sort()).toEqual([
      'Owner talk.en.srt',
      'Owner talk.en.vtt',
      'Owner talk.fr.srt',
      'Owner talk.fr.vtt',
    ]);
    expect(Buffer.from(files['Owner talk.fr.srt'] ?? []).toString()).toMatch(/fr: .*12/);
  });
});
