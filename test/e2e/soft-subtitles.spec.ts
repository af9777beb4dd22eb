import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { createCompanyUser, signIn } from './support/accounts';
import { downloadFormat } from './support/formats-menu';
import { makeClip } from './support/media';

// Password hashing (Argon2id) is slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const SRT = [
  '1\n00:00:00,500 --> 00:00:01,500\nFirst words',
  '2\n00:00:02,000 --> 00:00:03,000\nSecond words',
].join('\n\n');

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';

interface Stream {
  codec_type: string;
  codec_name: string;
  nb_read_packets?: string;
  tags?: Record<string, string>;
  disposition: { default: number };
}

const streamsOf = (file: string): Stream[] =>
  (
    JSON.parse(
      execFileSync(process.env.FFPROBE_PATH ?? 'ffprobe', [
        ...['-v', 'error', '-count_packets', '-show_streams', '-of', 'json', file],
      ]).toString(),
    ) as { streams: Stream[] }
  ).streams;

test('My Videos downloads the video with its subtitles as a tagged MKV track, picture copied, and a ZIP of them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const clip = makeClip(4);
  const srt = path.join(os.tmpdir(), `soft-subtitles-${Date.now()}.srt`);
  writeFileSync(srt, SRT);
  const upload = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      title: 'Tracks film',
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: readFileSync(clip) },
      fileSub: { name: 'tracks.srt', mimeType: 'application/x-subrip', buffer: readFileSync(srt) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);

  await page.goto('/videos');
  const row = page.locator('tbody tr').filter({ hasText: 'Tracks film' });
  await expect(row.getByRole('button', { name: /^Download SRT of / })).toBeVisible({ timeout: 60_000 });
  const file = await downloadFormat(page, 'Tracks film', 'Video with subtitle tracks (MKV)', row);
  expect(file.suggestedFilename()).toBe('Tracks film_subtitles.mkv');

  const made = streamsOf(await file.path());
  const source = streamsOf(clip);
  const picture = (streams: Stream[]) =>
    streams.filter((s) => s.codec_type === 'video').map((s) => [s.codec_name, s.nb_read_packets]);
  expect(picture(made)).toEqual(picture(source));
  const subtitles = made.filter((s) => s.codec_type === 'subtitle');
  expect(subtitles).toHaveLength(1);
  // A user's own SRT is in the language of its letters: English here.
  expect(subtitles[0]?.tags?.language).toBe('eng');
  expect(subtitles[0]?.disposition.default).toBe(1);
  const cues = execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-i', await file.path(), '-map', '0:s:0', '-f', 'srt', '-'],
  ]).toString();
  expect(cues).toContain('First words');
  expect(cues).toContain('Second words');

  // Beside it, every language's SRT and WebVTT in one ZIP.
  const zipFile = await downloadFormat(page, 'Tracks film', 'SRT and WebVTT, every language (.zip)', row);
  expect(zipFile.suggestedFilename()).toBe('Tracks film_subtitles.zip');
  expect(Object.keys(unzipSync(readFileSync(await zipFile.path()))).sort()).toEqual([
    'Tracks film.en.srt',
    'Tracks film.en.vtt',
  ]);
});
