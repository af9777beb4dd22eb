import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import htmlEntities from 'webvtt-parser/html-entities.json';
import { priceFor } from '../../../shared/pricing';
import { SUBTITLE_FORMATS, wordTimingsFile } from '../../../shared/schemas/exports';
import {
  AUDIO_IN_HARDCODE_MESSAGE,
  AUDIO_ONLY_TEXTS,
  unsupportedMediaMessage,
} from '../../../shared/schemas/input-formats';
import { serverMessage, UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { parseSrt } from '../../../shared/subtitles';
import { JFK_WORDS, startFakeDeepgram } from '../../../test/fakes/deepgram';
import { balanceCents } from '../../../test/support/database';
import { adminToken, payingUser, postMultipart, testApp, testCaller } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { CLIPS_DIR, makeSpeechAudio } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { settled, waitForVideo } from '../../../test/support/videos';
import { UNREADABLE_FILE } from '../../media/found-words';
import { minutesProcessed } from '../metrics/repo';
import { currentPriceList } from '../prices/service';
import { NO_SPEECH } from './generate';

/** What the fake Deepgram hears: the test speech, until a test empties it. */
const spoken = [...JFK_WORDS];
const deepgram = await startFakeDeepgram({ words: spoken });
const { app, call, db, pool, services } = await testApp({
  DEEPGRAM_API_KEY: 'deepgram-test-key',
  DEEPGRAM_API_BASE: deepgram.url,
});
const user = await payingUser(call, 'audio-only', 20);
const api = testCaller(app, user.token);
const SRT = '1\n00:00:00,000 --> 00:00:02,000\nNothing to burn into\n';

const files: Record<string, string> = {};

beforeAll(async () => {
  // The test speech (espeak-ng, 11 s) as a recorder, a phone or a podcast app writes it.
  files.mp3 = await makeSpeechAudio('audio-only.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']);
  files.m4a = await makeSpeechAudio('audio-only.m4a', ['-c:a', 'aac', '-b:a', '64k', '-f', 'ipod']);
  files.wav = await makeSpeechAudio('audio-only.wav', ['-c:a', 'pcm_s16le']);
  files.flac = await makeSpeechAudio('audio-only.flac', ['-c:a', 'flac']);
  files.ogg = await makeSpeechAudio('audio-only.ogg', ['-c:a', 'libvorbis', '-q:a', '3']);
});
afterAll(() => deepgram.close());

async function uploadAudio(kind: string, named: string) {
  return postMultipart(app, '/api/videos/upload', user.token, [
    { name: 'title', value: `Interview (${kind})` },
    { name: 'rso', value: 'full-text' },
    { name: 'in_lan', value: 'en' },
    { name: 'out_lan', value: 'en' },
    // The name and the claimed type say nothing: the content is judged.
    await filePart('file', files[kind] ?? '', named, 'application/octet-stream'),
  ]);
}

const companyVideos = async () =>
  (
    await db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', user.companyId ?? 0)
      .executeTakeFirstOrThrow()
  ).count;

describe('an audio-only upload in generate mode', () => {
  it.each([
    ['mp3', 'interview.mp3'],
    ['m4a', 'voice memo.m4a'],
    ['wav', 'recording.bin'],
    ['flac', 'lecture.flac'],
    ['ogg', 'podcast.mp4'],
  ])(
    'takes %s (%s), charges it as a video of its length and delivers subtitles with nothing burned',
    async (kind, named) => {
      const before = await balanceCents(db, user.companyId ?? 0);
      const uploaded = await uploadAudio(kind, named);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      // The legacy shape keeps PRODUCT.md §4's values: nothing to wait for is `completed`.
      expect(uploaded.body.data.attributes).toMatchObject({
        filename: named,
        duration: 11,
        srt_status: 'polling',
        hardcoded_status: 'completed',
        hardcoded_progress: 100,
      });
      const videoId = uploaded.body.data.id as number;
      const price = priceFor(11, await currentPriceList(db));
      expect(price).toBeGreaterThan(0);
      expect(await balanceCents(db, user.companyId ?? 0)).toBe(before - price);

      await runQueuedJobs(pool, services);
      const video = await waitForVideo(db, videoId);
      expect(video).toMatchObject({
        srt_status: 'completed',
        hardcoded_status: 'not_applicable',
        hardcoded_key: null,
        price_cents: price,
      });
      // The chain ran its three steps and told the user it is ready; no burn-in was ever started.
      const steps = await pool.query('select task from job_runs where video_id = $1 order by started_at', [
        videoId,
      ]);
      expect(steps.rows.map((row) => row.task)).toEqual([
        'extract_audio',
        'transcribe_video',
        'make_subtitles',
        'send_notice',
      ]);

      // The typed API says what it is; the SRT and every export are there.
      const list = await api.query('videos.list', {});
      expect(list.data.videos.find((row: { id: number }) => row.id === videoId)).toMatchObject({
        hardcoded_status: 'not_applicable',
        srt_status: 'completed',
      });
      const srt = await call('GET', `/api/srts?filters[video_id]=${videoId}`, { token: user.token });
      const cues = parseSrt(srt.body.data[0].attributes.srt_content);
      expect(cues.map((cue) => cue.text.replace(/\n/g, ' ')).join(' ')).toContain(
        'ask not what your country can do for you',
      );
      expect(srt.body.data[0].attributes.name).toBe(`${path.parse(named).name}.srt`);

      for (const format of SUBTITLE_FORMATS) {
        const file = await app.inject({
          url: `/api/subtitle-file?id=${videoId}&format=${format}`,
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect(file.statusCode, `${format}: ${file.body}`).toBe(200);
        expect(file.body.length, format).toBeGreaterThan(20);
        if (format === 'vtt') expect(new WebVTTParser(htmlEntities).parse(file.body).errors).toEqual([]);
        // No picture: the script is laid out on a 1080p frame a player scales.
        if (format === 'ass') expect(file.body).toContain('PlayResY: 1080');
        if (format === 'txt') expect(file.body).toContain('ask not what your country');
        if (format === 'words-json')
          expect(wordTimingsFile.parse(JSON.parse(file.body)).words.length).toBe(22);
      }

      const download = await api.query('videos.downloadUrl', { id: videoId });
      expect(download.status).toBe(409);
      expect(download.error.message).toBe(AUDIO_ONLY_TEXTS.noPictureToBurn);
    },
  );

  it('counts in the minutes delivered (metrics), as the five uploads above delivered their subtitles', async () => {
    const rows = await minutesProcessed(db);
    expect(rows).toEqual([{ mode: 'generate', language: 'en', minutes: (5 * 11) / 60 }]);
  });

  it('takes an edited SRT as a revision without burning, and refuses a new style', async () => {
    const uploaded = await uploadAudio('mp3', 'talk.mp3');
    const videoId = uploaded.body.data.id as number;
    await runQueuedJobs(pool, services);
    await waitForVideo(db, videoId);
    const revised = await postMultipart(app, '/api/upload-srt', user.token, [
      { name: 'id', value: String(videoId) },
      { name: 'file', filename: 'talk.srt', content: SRT },
    ]);
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    // Nothing to wait for: the answer already shows it done (legacy values) and nothing is queued.
    expect(revised.body.data.attributes).toMatchObject({ revisions: 1, hardcoded_status: 'completed' });
    await runQueuedJobs(pool, services);
    const video = await waitForVideo(db, videoId);
    expect(video).toMatchObject({ revisions: 1, hardcoded_status: 'not_applicable', hardcoded_key: null });
    const srt = await api.query('videos.subtitles', { id: videoId });
    expect(srt.data.srt).toContain('Nothing to burn into');

    const restyle = await api.mutation('subtitleStyles.restyleVideo', { id: videoId, style: 'large' });
    expect(restyle.status).toBe(409);
    expect(restyle.error.message).toBe(AUDIO_ONLY_TEXTS.noPictureToBurn);
  });

  it('opens in the editor with its sound and waveform, and saves a new version without burning', async () => {
    const uploaded = await uploadAudio('ogg', 'lecture.ogg');
    const videoId = uploaded.body.data.id as number;
    await runQueuedJobs(pool, services);
    await waitForVideo(db, videoId);

    const opened = await api.query('editor.open', { id: videoId });
    expect(opened.status).toBe(200);
    // No picture: the ASS the editor exports is laid out on the 1080p frame the server's export uses.
    expect(opened.data.video).toMatchObject({ audioOnly: true, width: 1920, height: 1080 });
    expect(opened.data.mediaUrl).toMatch(/\/api\/editor-media\//);
    const media = await app.inject({ url: new URL(opened.data.mediaUrl).pathname });
    expect(media.statusCode).toBe(200);
    // Stored and served as what it is, so every browser's <audio> plays it.
    expect(media.headers['content-type']).toBe('audio/ogg');
    expect(media.rawPayload.length).toBeGreaterThan(10_000);
    const peaks = await api.query('editor.peaks', { id: videoId });
    expect(peaks.data.peaks.length).toBeGreaterThan(100);
    expect(Math.max(...peaks.data.peaks)).toBeGreaterThan(0.05);

    const draft = await api.mutation('editor.saveDraft', {
      id: videoId,
      revision: 0,
      cues: [{ startMs: 0, endMs: 2000, text: 'Edited by ear' }],
    });
    expect(draft.status, JSON.stringify(draft.error)).toBe(200);
    const saved = await api.mutation('editor.saveAndBurnIn', { id: videoId, revision: draft.data.revision });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    await runQueuedJobs(pool, services);
    expect(await waitForVideo(db, videoId)).toMatchObject({
      revisions: 1,
      hardcoded_status: 'not_applicable',
      hardcoded_key: null,
    });
    expect((await api.query('videos.subtitles', { id: videoId })).data.srt).toContain('Edited by ear');
  });
});

describe('an audio-only upload that fails', () => {
  it('refunds it and keeps its video not applicable, through an admin retry too', async () => {
    const before = await balanceCents(db, user.companyId ?? 0);
    spoken.length = 0;
    const uploaded = await uploadAudio('mp3', 'silence.mp3');
    try {
      await runQueuedJobs(pool, services);
    } finally {
      spoken.push(...JFK_WORDS);
    }
    const videoId = uploaded.body.data.id as number;
    const failed = await db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ srt_status: 'failed', hardcoded_status: 'not_applicable' });
    expect(failed.failure_reason).toContain(NO_SPEECH);
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);

    const admin = testCaller(app, await adminToken(call));
    const retried = await admin.mutation('videos.retry', { id: videoId });
    expect(retried.data).toEqual({ restartedFrom: 'subtitles' });
    expect(
      await db
        .selectFrom('videos')
        .select(['srt_status', 'hardcoded_status'])
        .where('id', '=', videoId)
        .executeTakeFirst(),
    ).toEqual({ srt_status: 'polling', hardcoded_status: 'not_applicable' });
    await runQueuedJobs(pool, services);
    expect(await waitForVideo(db, videoId, settled)).toMatchObject({
      srt_status: 'completed',
      hardcoded_status: 'not_applicable',
    });
  });
});

describe('what is still refused before any charge', () => {
  it('refuses audio in hardcode mode: there is nothing to burn into', async () => {
    const before = await balanceCents(db, user.companyId ?? 0);
    const count = await companyVideos();
    const refused = await postMultipart(app, '/api/videos/upload/hc', user.token, [
      { name: 'fileSub', filename: 'clip.srt', content: SRT },
      await filePart('fileVideo', files.mp3 ?? '', 'song.mp4', 'video/mp4'),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(serverMessage(AUDIO_IN_HARDCODE_MESSAGE));
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
    expect(await companyVideos()).toBe(count);
  });

  it('refuses a file that is neither video nor audio, naming what it found', async () => {
    const before = await balanceCents(db, user.companyId ?? 0);
    const text = path.join(CLIPS_DIR, 'audio-only-notes.mp3');
    await writeFile(text, 'These are my notes, not a recording.\n'.repeat(50));
    const refused = await postMultipart(app, '/api/videos/upload', user.token, [
      { name: 'rso', value: 'full-text' },
      { name: 'in_lan', value: 'en' },
      { name: 'out_lan', value: 'en' },
      await filePart('file', text, 'notes.mp3', 'audio/mpeg'),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(serverMessage(unsupportedMediaMessage(UNREADABLE_FILE)));
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
  });

  it('keeps the legacy path MP4-only, with its own text', async () => {
    const before = await balanceCents(db, user.companyId ?? 0);
    const refused = await postMultipart(app, '/api/upload-log', user.token, [
      { name: 'rso', value: 'full-text' },
      { name: 'in_lan', value: 'en' },
      { name: 'out_lan', value: 'en' },
      await filePart('file', files.mp3 ?? '', 'talk.mp4', 'video/mp4'),
    ]);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(serverMessage(UPLOAD_MESSAGES.mp4Type));
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
  });
});
