import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { makeClip, makeSrt } from './media';

export const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';

/** A hardcode video with its own SRT through the REST path (cue n from n to n+1 s); answers its id. */
export async function uploadVideo(page: Page, lines: readonly string[], seconds = 6): Promise<number> {
  const clip = makeClip(seconds);
  const srt = makeSrt(`formatting-${lines.length}.srt`, lines);
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      title: 'Formatting film',
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await readFile(clip) },
      fileSub: { name: path.basename(srt), mimeType: 'application/x-subrip', buffer: await readFile(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

export async function videoAttributes(page: Page, videoId: number) {
  const response = await page.request.get(`/api/upload-logs?filters[id]=${videoId}`);
  return ((await response.json()) as { data: { attributes: Record<string, unknown> }[] }).data[0]?.attributes;
}

export async function waitForBurnIn(page: Page, videoId: number) {
  await expect
    .poll(async () => (await videoAttributes(page, videoId))?.hardcoded_status, { timeout: 60_000 })
    .toBe('completed');
}

/** The grey pixels of a third of the frame at `seconds` of the video's burned file. */
export async function burnedThird(
  page: Page,
  videoId: number,
  seconds: number,
  third: 'top' | 'bottom',
): Promise<Buffer> {
  const link = await page.request.get(`/api/download-hardcoded-url?id=${videoId}&video_name=film.mp4`);
  const { presignedUrl } = (await link.json()) as { presignedUrl: string };
  const file = path.join(os.tmpdir(), `formatting-burned-${videoId}-${Date.now()}.mp4`);
  await writeFile(file, await (await page.request.get(new URL(presignedUrl).pathname)).body());
  const crop = third === 'top' ? 'crop=iw:ih/3:0:0' : 'crop=iw:ih/3:0:ih*2/3';
  return execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
    ...['-vf', `${crop},format=gray`, '-f', 'rawvideo', '-'],
  ]);
}

/** The share of pixels that changed clearly between two pictures of one size. */
export function changedShare(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++)
    if (Math.abs((a[index] ?? 0) - (b[index] ?? 0)) > 60) changed++;
  return changed / Math.max(1, Math.min(a.length, b.length));
}
