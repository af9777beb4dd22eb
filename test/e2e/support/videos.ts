import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { makeClip, makeSrt } from './media';

/** The anti-forgery header's value, from the signed-in page's cookie. */
export const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';

/** A hardcode video through the REST path (by default 6 seconds, five cues); answers its id. */
export async function uploadHardcodeVideo(
  page: Page,
  {
    clip = makeClip(6),
    srt = makeSrt('editor.srt', ['Hello', 'World', 'Again', 'And', 'Done']),
    title = 'Editor film',
  } = {},
) {
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      title,
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await readFile(clip) },
      fileSub: { name: path.basename(srt), mimeType: 'application/x-subrip', buffer: await readFile(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** An edited SRT through the legacy `POST /api/upload-srt`; answers the response. */
export async function uploadEditedSrt(page: Page, videoId: number, lines: readonly string[]) {
  const edited = makeSrt('edited.srt', lines);
  return page.request.post('/api/upload-srt', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      id: String(videoId),
      file: { name: 'edited.srt', mimeType: 'application/x-subrip', buffer: await readFile(edited) },
    },
  });
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
