import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SPEECH } from '../server/domains/generation/generate';
import { parseSrt } from '../shared/subtitles';
import { startFakeDeepgram } from '../test/fakes/deepgram';
import { startFakeGoogleTranslate } from '../test/fakes/google-translate';
import { payingUser, testApp } from '../test/support/http';
import { runQueuedJobs } from '../test/support/jobs';
import { makeSpeechAudio, makeSpeechClip, TEST_MODEL } from '../test/support/media';
import { filePart, multipartBody } from '../test/support/multipart';
import { type StorageMode, storageEnv } from '../test/support/s3-server';
import { waitForVideo } from '../test/support/videos';

/**
 * Generate mode end to end (cloud engines with their fakes, local Whisper), run once a storage mode:
 * `generate.pipeline.test.ts` on disk, `generate.pipeline.s3.test.ts` against an S3 server.
 */
export async function generatePipelineSuite(mode: StorageMode) {
  const storage = await storageEnv(mode);
  const deepgram = await startFakeDeepgram();
  const google = await startFakeGoogleTranslate({ apiKey: 'google-test-key' });
  const cloud = await testApp({
    ...storage,
    DEEPGRAM_API_KEY: 'deepgram-test-key',
    DEEPGRAM_API_BASE: deepgram.url,
    GOOGLE_TRANSLATE_API_KEY: 'google-test-key',
    GOOGLE_TRANSLATE_ENDPOINT: google.endpoint,
  });
  const local = await testApp({ ...storage, WHISPER_MODEL: TEST_MODEL });
  let clip: string;
  let mp3: string;

  beforeAll(async () => {
    clip = await makeSpeechClip('jfk-11s.mp4');
    mp3 = await makeSpeechAudio('jfk-11s.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']);
  });
  afterAll(async () => {
    await Promise.all([deepgram.close(), google.close()]);
  });

  async function generate(app: typeof cloud, user: { token: string }, inLan: string, outLan: string) {
    const { body, contentType } = multipartBody([
      { name: 'title', value: 'Speech' },
      { name: 'rso', value: 'full-text' },
      { name: 'in_lan', value: inLan },
      { name: 'out_lan', value: outLan },
      await filePart('file', clip, 'speech.mp4', 'video/mp4'),
    ]);
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/upload-log',
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  }

  /** Runs the video's chain of jobs to its end in this process, and answers the video. */
  async function settled(app: typeof cloud, videoId: number) {
    await runQueuedJobs(app.pool, app.services);
    return waitForVideo(app.db, videoId, undefined, 5_000);
  }

  async function srtOf(app: typeof cloud, user: { token: string }, videoId: number) {
    const { body } = await app.call('GET', `/api/srts?filters[video_id]=${videoId}`, { token: user.token });
    return parseSrt(body.data[0].attributes.srt_content);
  }

  describe('generate mode through the cloud engines', () => {
    it('turns the spoken words into timed cues and a hardcoded video', async () => {
      const user = await payingUser(cloud.call, 'speaker');
      const videoId = await generate(cloud, user, 'en', 'en');
      expect(await settled(cloud, videoId)).toMatchObject({
        srt_status: 'completed',
        hardcoded_status: 'completed',
      });
      const cues = await srtOf(cloud, user, videoId);
      const text = cues.map((cue) => cue.text.replace(/\n/g, ' ')).join(' ');
      expect(text).toContain('ask not what your country can do for you');
      for (const cue of cues) {
        expect(cue.startMs).toBeGreaterThanOrEqual(0);
        expect(cue.endMs).toBeLessThanOrEqual(11_500);
        expect(cue.text.split('\n').length).toBeLessThanOrEqual(2);
      }
      expect(deepgram.requests.at(-1)?.url).toContain('language=en');
      const input = encodeURIComponent(JSON.stringify({}));
      const list = await cloud.call('GET', `/trpc/videos.list?input=${input}`, { token: user.token });
      const row = list.body.result.data.videos.find((video: { id: number }) => video.id === videoId);
      expect(row.compliance).toMatchObject({ plan: 'full-text', capCps: null, cueCount: cues.length });
    });

    it('translates cue by cue into German, keeping the timings', async () => {
      const user = await payingUser(cloud.call, 'translator');
      const english = await srtOf(
        cloud,
        user,
        await (async () => {
          const id = await generate(cloud, user, 'en', 'en');
          await settled(cloud, id);
          return id;
        })(),
      );
      const videoId = await generate(cloud, user, 'en', 'de');
      expect(await settled(cloud, videoId)).toMatchObject({
        srt_status: 'completed',
        hardcoded_status: 'completed',
      });
      const german = await srtOf(cloud, user, videoId);
      expect(german.every((cue) => cue.text.startsWith('[de]'))).toBe(true);
      expect(german[0]?.startMs).toBe(english[0]?.startMs);
      expect(german.at(-1)?.endMs).toBeLessThanOrEqual(11_500);
    });
  });

  describe('generate mode with audio alone', () => {
    it('makes the subtitles of an MP3, burns nothing, and serves its SRT', async () => {
      const user = await payingUser(cloud.call, 'listener');
      const { body, contentType } = multipartBody([
        { name: 'rso', value: 'full-text' },
        { name: 'in_lan', value: 'en' },
        { name: 'out_lan', value: 'en' },
        await filePart('file', mp3, 'speech.mp3', 'audio/mpeg'),
      ]);
      const response = await cloud.app.inject({
        method: 'POST',
        url: '/api/videos/upload',
        payload: body,
        headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const videoId = response.json().data.id as number;
      expect(await settled(cloud, videoId)).toMatchObject({
        srt_status: 'completed',
        hardcoded_status: 'not_applicable',
        hardcoded_key: null,
      });
      const text = (await srtOf(cloud, user, videoId)).map((cue) => cue.text.replace(/\n/g, ' ')).join(' ');
      expect(text).toContain('ask not what your country can do for you');
    });
  });

  describe('generate mode with no speech found', () => {
    // Whisper on the CPU with the test model takes 20 s or more on a busy 2-core machine.
    it('fails with a clear reason and gives the credits back', { timeout: 90_000 }, async () => {
      const user = await payingUser(local.call, 'silence');
      const videoId = await generate(local, user, 'en', 'en');
      const video = await settled(local, videoId);
      expect(video).toMatchObject({
        srt_status: 'failed',
        hardcoded_status: 'failed',
        failure_reason: `${NO_SPEECH} Your €0.10 was refunded.`,
      });
      expect(
        (await local.call('GET', '/api/company/my', { token: user.token })).body.data[0].attributes.credits,
      ).toBe(5);
    });
  });
}
