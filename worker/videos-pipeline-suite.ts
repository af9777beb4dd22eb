import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentsFolder } from '../server/domains/burn-in/burned-segments';
import { payingUser, postMultipart, signedUpUser, testApp } from '../test/support/http';
import { leftoverFiles } from '../test/support/leftovers';
import { CLIPS_DIR, changedShare, framePixels, makeClip, probeJson } from '../test/support/media';
import { filePart, type Part } from '../test/support/multipart';
import { type StorageMode, storageEnv } from '../test/support/s3-server';
import { downloadByLink, waitForVideo } from '../test/support/videos';
import { until } from '../test/support/waiting';
import { startWorker, type WorkerHandle } from './runner';

/**
 * The upload-to-download pipeline (hardcode mode, refusals, credits, revisions, isolation), run once
 * a storage mode: `videos.pipeline.test.ts` on disk, `videos.pipeline.s3.test.ts` against an S3 server.
 */
export async function videoPipelineSuite(mode: StorageMode) {
  const { call, app, db, pool, services } = await testApp(await storageEnv(mode));
  let worker: WorkerHandle;
  let clip: string;

  const SRT =
    '1\n00:00:00,500 --> 00:00:02,500\nHello subtitles\n\n2\n00:00:03,000 --> 00:00:03,800\nSecond cue\n';

  beforeAll(async () => {
    clip = await makeClip('pipeline-4s.mp4', { seconds: 4, width: 640, height: 360 });
    worker = await startWorker(pool, services, 1);
  });
  afterAll(() => worker?.stop());

  const companyUser = (name: string, euros = 10) =>
    euros > 0 ? payingUser(call, name, euros) : signedUpUser(call, name);

  const upload = (url: string, token: string, parts: Part[]) => postMultipart(app, url, token, parts);

  async function hardcodeParts(video = clip, srt: string | Buffer = SRT, srtName = 'subs.srt') {
    return [
      { name: 'title', value: 'My clip' },
      { name: 'description', value: 'A test' },
      { name: 'company', value: '999' },
      { name: 'price', value: '0' },
      await filePart('fileVideo', video, 'holiday.mp4', 'video/mp4'),
      { name: 'fileSub', filename: srtName, content: typeof srt === 'string' ? Buffer.from(srt) : srt },
    ];
  }

  const completed = (videoId: number) =>
    waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');

  /** The files the storage holds for videos, whichever the storage is. */
  async function storedFiles() {
    return (await services.storage.list('videos/')).length;
  }

  async function credits(token: string) {
    return (await call('GET', '/api/company/my', { token })).body.data[0].attributes.credits as number;
  }

  describe('a hardcode upload', () => {
    let user: Awaited<ReturnType<typeof companyUser>>;
    let videoId: number;

    it('is charged by the server’s price for the measured duration and answers the new video', async () => {
      user = await companyUser('burner');
      const response = await upload('/api/upload-log/hc', user.token, await hardcodeParts());
      expect(response.status).toBe(200);
      videoId = response.body.data.id;
      expect(response.body.data.attributes).toMatchObject({
        filename: 'holiday.mp4',
        duration: 4,
        price: 0.1,
        company: user.companyId,
        hardcoded_status: 'polling',
        srt_status: 'completed',
      });
      expect(await credits(user.token)).toBe(9.9);
    });

    it('completes, and the download has the source duration, its audio and the subtitles', async () => {
      await completed(videoId);
      const link = await call('GET', `/api/download-hardcoded-url?id=${videoId}&video_name=holiday.mp4`, {
        token: user.token,
      });
      const download = await downloadByLink(app, link.body.presignedUrl);
      // From a bucket the app's link sends the browser to the store itself, by a short presigned link.
      expect(download.redirectedTo?.startsWith(services.config.S3_ENDPOINT ?? 'no store') ?? false).toBe(
        mode === 's3',
      );
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain('holiday_subtitled.mp4');
      const output = path.join(CLIPS_DIR, `download-${mode}-${videoId}.mp4`);
      await writeFile(output, download.body);
      const probe = await probeJson(output);
      expect(Math.abs(Number(probe.format.duration) - 4)).toBeLessThanOrEqual(0.2);
      expect(probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
      const subtitleArea = { w: 320, h: 50, x: 160, y: 290 };
      const during = changedShare(
        await framePixels(clip, 1.5, subtitleArea),
        await framePixels(output, 1.5, subtitleArea),
      );
      const between = changedShare(
        await framePixels(clip, 2.75, subtitleArea),
        await framePixels(output, 2.75, subtitleArea),
      );
      expect(during).toBeGreaterThan(0.02);
      expect(between).toBeLessThan(0.002);
    });
  });

  describe('refused uploads are charged nothing and leave no files', () => {
    let user: Awaited<ReturnType<typeof companyUser>>;
    beforeAll(async () => {
      user = await companyUser('refused');
    });

    async function expectRefused(parts: Part[], status: number, message: RegExp) {
      const filesBefore = await storedFiles();
      const response = await upload('/api/upload-log/hc', user.token, parts);
      expect(response.status).toBe(status);
      expect(response.body.error.message).toMatch(message);
      expect(await credits(user.token)).toBe(10);
      expect(await storedFiles()).toBe(filesBefore);
      expect(await leftoverFiles(services.tmpDir)).toEqual([]);
    }

    it('refuses a text file named .mp4', async () => {
      const parts = await hardcodeParts();
      parts[4] = {
        name: 'fileVideo',
        filename: 'fake.mp4',
        content: Buffer.from('not a video at all'),
        type: 'video/mp4',
      };
      await expectRefused(parts, 400, /^Please select an MP4 file/);
    });

    it('refuses a video longer than 30 minutes', async () => {
      const long = await makeClip('long-31min.mp4', {
        seconds: 31 * 60,
        width: 16,
        height: 16,
        fps: 1,
        audio: false,
      });
      await expectRefused(
        await hardcodeParts(long),
        400,
        /exceeds the maximum allowed duration of 30 minutes/,
      );
    });

    it('refuses a subtitle file that is not UTF-8', async () => {
      await expectRefused(
        await hardcodeParts(clip, Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nCaf\xe9\n', 'latin1')),
        400,
        /not valid UTF-8/,
      );
    });

    it('refuses an empty subtitle file', async () => {
      await expectRefused(await hardcodeParts(clip, ''), 400, /^Selected subtitle file is empty\.$/);
    });

    it('refuses a malformed subtitle file, naming the line', async () => {
      await expectRefused(
        await hardcodeParts(clip, '1\n00:00:02,000 --> 00:00:01,000\nBackwards\n'),
        400,
        /Line 2/,
      );
    });

    it('refuses a subtitle file without the .srt extension', async () => {
      await expectRefused(await hardcodeParts(clip, SRT, 'subs.txt'), 400, /^Please select an SRT file\.$/);
    });

    it('refuses a language pair the configured engines cannot reach, before charging', async () => {
      const response = await upload('/api/upload-log', user.token, [
        { name: 'rso', value: '20' },
        { name: 'in_lan', value: 'en' },
        { name: 'out_lan', value: 'de' },
        await filePart('file', clip, 'talk.mp4', 'video/mp4'),
      ]);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        'Subtitles from English to German are not available on this server yet. Choose another output language.',
      );
      expect(await credits(user.token)).toBe(10);
    });

    it('refuses a generate upload without a reading-speed plan', async () => {
      const response = await upload('/api/upload-log', user.token, [
        { name: 'in_lan', value: 'en' },
        { name: 'out_lan', value: 'en' },
        await filePart('file', clip, 'talk.mp4', 'video/mp4'),
      ]);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Reading speed optimization selection is required');
    });
  });

  describe('insufficient credits', () => {
    it('answers 402 with the missing amount and keeps nothing', async () => {
      const poor = await companyUser('poor', 0);
      const filesBefore = await storedFiles();
      const response = await upload('/api/upload-log/hc', poor.token, await hardcodeParts());
      expect(response.status).toBe(402);
      expect(response.body.error.details).toEqual({ missingCents: 10 });
      expect(await storedFiles()).toBe(filesBefore);
      const list = await call('GET', '/api/upload-logs/my-company-videos-desc?page=1&pageSize=12', {
        token: poor.token,
      });
      expect(list.body.meta.pagination.total).toBe(0);
    });
  });

  describe('edited subtitles', () => {
    it('re-burns twice for free and sells the third at the re-burn price', async () => {
      const user = await companyUser('reviser');
      const created = await upload('/api/upload-log/hc', user.token, await hardcodeParts());
      const videoId = created.body.data.id;
      // The burn-in keeps its segment (one, for 4 s); a revision replaces it with the one it burned.
      const { source_key } = await completed(videoId);
      const segments = () => services.storage.list(segmentsFolder(source_key ?? ''));
      let kept = await segments();
      expect(kept).toHaveLength(1);
      for (const revision of [1, 2]) {
        const edited = await upload('/api/upload-srt', user.token, [
          { name: 'id', value: String(videoId) },
          {
            name: 'file',
            filename: 'edited.srt',
            content: Buffer.from(`1\n00:00:00,500 --> 00:00:02,000\nRevision ${revision}\n`),
          },
        ]);
        expect(edited.status).toBe(200);
        expect(edited.body.data.attributes).toMatchObject({
          hardcoded_status: 'polling',
          revisions: revision,
        });
        await completed(videoId);
        // The replaced segment is removed once the new video is delivered, not before it.
        const now = await until(
          async () => {
            const keys = await segments();
            return keys.length === 1 ? keys : undefined;
          },
          15_000,
          'the replaced segment to be removed',
        );
        expect(now).not.toEqual(kept);
        kept = now;
      }
      const third = await upload('/api/upload-srt', user.token, [
        { name: 'id', value: String(videoId) },
        {
          name: 'file',
          filename: 'edited.srt',
          content: Buffer.from('1\n00:00:00,500 --> 00:00:02,000\nThird\n'),
        },
      ]);
      // Past the two free revisions the legacy path buys a re-burn: its one changed minute at the
      // "Re-burn per minute" price (5 cents), the count staying at 2 / 2.
      expect(third.status).toBe(200);
      expect(third.body.data.attributes).toMatchObject({ hardcoded_status: 'polling', revisions: 2 });
      await completed(videoId);
      const srt = await call('GET', `/api/srts?filters[video_id]=${videoId}`, { token: user.token });
      expect(srt.body.data[0].attributes.srt_content).toContain('Third');
      expect(await credits(user.token)).toBe(9.85);
    });
  });

  describe('company isolation of videos', () => {
    it('gives another company nothing', async () => {
      const owner = await companyUser('vidowner');
      const other = await companyUser('vidother');
      const created = await upload('/api/upload-log/hc', owner.token, await hardcodeParts());
      const videoId = created.body.data.id;
      await completed(videoId);
      // A filtered collection answers as Strapi does: nothing found.
      const filtered = await call('GET', `/api/upload-logs?filters[id]=${videoId}`, { token: other.token });
      expect(filtered).toMatchObject({ status: 200, body: { data: [] } });
      for (const url of [
        `/api/upload-logs/my-company-video?id=${videoId}`,
        `/api/srts?filters[video_id]=${videoId}`,
        `/api/download-hardcoded-url?id=${videoId}`,
      ]) {
        expect((await call('GET', url, { token: other.token })).status, url).toBe(404);
      }
      const edit = await upload('/api/upload-srt', other.token, [
        { name: 'id', value: String(videoId) },
        { name: 'file', filename: 'x.srt', content: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nx\n') },
      ]);
      expect(edit.status).toBe(404);
      const list = await call('GET', '/api/upload-logs/my-company-videos-desc?page=1&pageSize=12', {
        token: other.token,
      });
      expect(list.body.data).toEqual([]);
      expect(await call('GET', '/api/upload-logs/count', { token: other.token })).toMatchObject({ body: 0 });
    });
  });
}
