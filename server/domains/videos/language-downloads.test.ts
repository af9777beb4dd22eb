import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutputLanguage } from '../../../shared/languages';
import { LANGUAGE_TEXTS } from '../../../shared/schemas/video-languages';
import { payingUser, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { makeClip } from '../../../test/support/media';
import { downloadByLink, insertHardcodeVideo } from '../../../test/support/videos';

/**
 * Issue 40: an added language's burned video is downloaded through the burned video's signed link
 * (`videos.downloadUrl`, `GET /api/download-hardcoded-url` with `language`): served to the company,
 * named after the title and the language; a 404 in plain words for a language without a ready
 * burned video, and for another company's user, with nothing of the video in the answer.
 */
const { app, call, db, services } = await testApp();
const owner = await payingUser(call, 'lang-download-owner', 5);
const stranger = await signedUpUser(call, 'lang-download-stranger');
const mine = testCaller(app, owner.token);
const theirs = testCaller(app, stranger.token);

let clip = '';
beforeAll(async () => {
  clip = await makeClip('language-download-2s.mp4', { seconds: 2 });
});

/** A finished hardcode video of the owner's company with French burned and German not burned. */
async function videoWithFrenchBurned() {
  const folder = `videos/${randomUUID()}`;
  await services.storage.write(`${folder}/source.mp4`, createReadStream(clip));
  const frenchKey = `${folder}/languages/fr-v0-1.mp4`;
  await services.storage.write(frenchKey, createReadStream(clip));
  const videoId = await insertHardcodeVideo(db, owner, {
    title: 'Owner talk',
    durationSeconds: 2,
    sourceKey: `${folder}/source.mp4`,
  });
  await db.updateTable('videos').set({ hardcoded_status: 'completed' }).where('id', '=', videoId).execute();
  const language = (code: OutputLanguage, key: string | null) => ({
    video_id: videoId,
    language: code,
    status: 'ready' as const,
    progress: 100,
    burn_status: key ? ('ready' as const) : null,
    hardcoded_key: key,
    created_by: owner.id,
  });
  await db
    .insertInto('video_languages')
    .values([language('fr', frenchKey), language('de', null)])
    .execute();
  return { videoId, frenchKey };
}

describe("a language's burned video", () => {
  it('downloads for the company through the signed link, the stored bytes, named with the language', async () => {
    const { videoId } = await videoWithFrenchBurned();
    const link = await mine.query('videos.downloadUrl', { id: videoId, language: 'fr' });
    expect(link.status).toBe(200);
    const file = await downloadByLink(app, (link.data as { url: string }).url);
    expect(file.status).toBe(200);
    expect(file.body.equals(await readFile(clip))).toBe(true);
    expect(file.headers.get('content-disposition')).toContain('Owner talk_subtitled.fr.mp4');

    const rest = await call('GET', `/api/download-hardcoded-url?id=${videoId}&language=fr&video_name=a.mp4`, {
      token: owner.token,
    });
    expect(rest.status).toBe(200);
    const named = await downloadByLink(app, (rest.body as { presignedUrl: string }).presignedUrl);
    expect(named.body.equals(await readFile(clip))).toBe(true);
    expect(named.headers.get('content-disposition')).toContain('a_subtitled.fr.mp4');
  });

  it('answers a language without a ready burned video with a 404 in plain words', async () => {
    const { videoId } = await videoWithFrenchBurned();
    for (const language of ['de', 'ja'] as const) {
      const answer = await mine.query('videos.downloadUrl', { id: videoId, language });
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.error)).toContain(LANGUAGE_TEXTS.noBurnedVideo);
    }
    const rest = await call('GET', `/api/download-hardcoded-url?id=${videoId}&language=de`, {
      token: owner.token,
    });
    expect(rest.status).toBe(404);
    expect(JSON.stringify(rest.body)).toContain(LANGUAGE_TEXTS.noBurnedVideo);
    // A code that is no output language is a bad request, said in words.
    const unknown = await call('GET', `/api/download-hardcoded-url?id=${videoId}&language=xx`, {
      token: owner.token,
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('language must be one of the output languages');
  });

  it("is refused to another company's user, who learns nothing of it", async () => {
    const { videoId, frenchKey } = await videoWithFrenchBurned();
    const trpc = await theirs.query('videos.downloadUrl', { id: videoId, language: 'fr' });
    const rest = await call('GET', `/api/download-hardcoded-url?id=${videoId}&language=fr`, {
      token: stranger.token,
    });
    for (const answer of [
      { status: trpc.status, text: JSON.stringify(trpc) },
      { status: rest.status, text: JSON.stringify(rest.body) },
    ]) {
      expect(answer.status).toBe(404);
      const text = answer.text;
      expect(text).not.toMatch(/\/api\/files\/|Owner talk|owner-secret|fr-v0/);
      expect(text).not.toContain(frenchKey);
    }
    expect(trpc.data).toBeUndefined();
  });
});
