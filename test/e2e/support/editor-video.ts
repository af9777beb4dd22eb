import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeClip, makeSrt } from './media';
import { uploadHardcodeVideo } from './videos';

export { csrfOf, videoAttributes, waitForBurnIn } from './videos';

/** A hardcode video with its own SRT through the REST path (cue n from n to n+1 s); answers its id. */
export function uploadVideo(page: Page, lines: readonly string[], seconds = 6): Promise<number> {
  return uploadHardcodeVideo(page, {
    clip: makeClip(seconds),
    srt: makeSrt(`formatting-${lines.length}.srt`, lines),
    title: 'Formatting film',
  });
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
