import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { markHardcodedCompleted } from '../../server/domains/burn-in/repo';
import { insertVideo } from '../../server/domains/uploads/repo';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';
import { SUBTITLE_FORMATS } from '../../shared/schemas/exports';
import { recordFigure } from '../support/figures';
import { payingUser, testApp } from '../support/http';
import { makeClip } from '../support/media';

/**
 * Every download and export answered for names in scripts a header cannot carry raw (Japanese,
 * Thai, Cyrillic, Hindi): never a 500, the whole file, and the name itself in `filename*`.
 */
const { app, call, db, services } = await testApp();
const owner = await payingUser(call, 'names');

const NAMES = {
  Japanese: '会議の記録',
  Thai: 'บันทึกการประชุม',
  Cyrillic: 'Запись встречи',
  Hindi: 'बैठक का रिकॉर्ड',
};

/** Word timings exist only for transcribed videos; these are the formats of own subtitles. */
const CUE_FORMATS = SUBTITLE_FORMATS.filter((format) => format !== 'words-json');

let clip: string;
beforeAll(async () => {
  clip = await makeClip('non-latin-names-1s.mp4', { seconds: 1, width: 160, height: 90 });
});

/** A delivered hardcode video whose file and title are `name`. */
async function deliveredVideo(name: string) {
  const folder = `videos/${randomUUID()}`;
  await services.storage.write(`${folder}/source.mp4`, createReadStream(clip));
  await services.storage.write(`${folder}/hardcoded.mp4`, createReadStream(clip));
  const id = await insertVideo(db, {
    companyId: owner.companyId ?? 0,
    createdBy: owner.id,
    mode: 'hardcode',
    filename: `${name}.mp4`,
    title: name,
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 1,
    priceCents: 10,
    sourceKey: `${folder}/source.mp4`,
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await insertSubtitleVersion(db, {
    videoId: id,
    version: 0,
    origin: 'uploaded',
    name: `${name}.srt`,
    srt: '1\n00:00:00,100 --> 00:00:00,900\nこんにちは\n',
  });
  await markHardcodedCompleted(db, id, `${folder}/hardcoded.mp4`);
  return { id, hardcodedKey: `${folder}/hardcoded.mp4` };
}

/** The name a browser saves the answer under: RFC 8187's `filename*`, decoded. */
function savedName(disposition: string | undefined): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : '';
}

async function get(url: string) {
  return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });
}

describe.each(Object.entries(NAMES))('a %s name', (_script, name) => {
  it('downloads the subtitled video by its signed link, whole, under the name', async () => {
    const { id, hardcodedKey } = await deliveredVideo(name);
    const link = await call('GET', `/api/download-hardcoded-url?id=${id}`, { token: owner.token });
    expect(link.status).toBe(200);
    const download = await app.inject({ method: 'GET', url: new URL(link.body.presignedUrl).pathname });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.byteLength).toBe(await services.storage.size(hardcodedKey));
    expect(savedName(download.headers['content-disposition'] as string)).toBe(`${name}_subtitled.mp4`);
    recordFigure('non-Latin names through every download and export', 1, 'signed video links');
  });

  it('exports the subtitles in every format under the title', async () => {
    const { id } = await deliveredVideo(name);
    for (const format of CUE_FORMATS) {
      const file = await get(`/api/subtitle-file?id=${id}&format=${format}`);
      expect(file.statusCode, format).toBe(200);
      expect(savedName(file.headers['content-disposition'] as string), format).toMatch(
        new RegExp(`^${name}\\.`),
      );
      expect(file.body.length, format).toBeGreaterThan(0);
    }
    recordFigure('non-Latin names through every download and export', CUE_FORMATS.length, 'subtitle exports');
  });
});

it('exports the company whatever its videos are called', async () => {
  await deliveredVideo(NAMES.Japanese);
  const zip = await get('/api/company-export');
  expect(zip.statusCode).toBe(200);
  expect(savedName(zip.headers['content-disposition'] as string)).toMatch(/^company-\d+-export-.*\.zip$/);
  recordFigure('non-Latin names through every download and export', 1, 'company exports');
});
