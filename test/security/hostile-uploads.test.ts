import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../server/domains/ledger/invariant';
import { recordFigure } from '../support/figures';
import { payingUser, testApp } from '../support/http';
import { makeClip } from '../support/media';
import { multipartBody } from '../support/multipart';

const { app, call, db, services } = await testApp();
const SRT = Buffer.from('1\n00:00:00,500 --> 00:00:02,000\nHello\n');
let user: Awaited<ReturnType<typeof payingUser>>;
let clip: Buffer;

beforeAll(async () => {
  user = await payingUser(call, 'hostile-upload');
  clip = await readFile(await makeClip('hostile-4s.mp4', { seconds: 4 }));
});

function upload(video: Buffer, videoName: string) {
  const { body, contentType } = multipartBody([
    { name: 'fileVideo', filename: videoName, content: video, type: 'video/mp4' },
    { name: 'fileSub', filename: 'subtitles.srt', content: SRT },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/upload-log/hc',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
  });
}

async function credits() {
  return (await call('GET', '/api/company/my', { token: user.token })).body.data[0].attributes.credits;
}

/** Every file the storage holds, relative to its root. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(services.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe('hostile uploads', () => {
  it.each([
    ['folders climbing out', '../../../../etc/passwd.mp4'],
    ['Windows folders', '..\\..\\windows\\system32\\x.mp4'],
    ['a NUL byte', 'clip\u0000.sh.mp4'],
    ['control characters and bidi overrides', 'clip\u0007\u202egnp.mp4'],
    ['a very long name', `${'a'.repeat(5000)}.mp4`],
    ['Unicode look-alikes of a slash and dots', '\u2215\u2024\u2024\u2215etc\u2215clip.mp4'],
  ])(
    'with %s in the file name are stored under our own key, the name kept as display text only',
    async (_, name) => {
      const before = await storedFiles();
      const response = await upload(clip, name);
      expect(response.statusCode, response.body).toBe(200);
      const filename: string = response.json().data.attributes.filename;
      expect(filename).not.toMatch(/[/\\\p{Cc}\u202e]/u);
      expect(filename.length).toBeLessThanOrEqual(200);
      const added = (await storedFiles()).filter((file) => !before.includes(file));
      expect(added.length).toBeGreaterThan(0);
      for (const file of added) {
        expect(file.startsWith('..')).toBe(false);
        expect(file).not.toContain(filename.slice(0, 20));
      }
      recordFigure('hostile uploads refused or contained', 1, 'tricky file names');
    },
  );

  it.each([
    ['a truncated MP4 (first half)', () => clip.subarray(0, Math.floor(clip.length / 2))],
    ['an MP4 cut after its header', () => clip.subarray(0, 64)],
    ['a text file named .mp4', () => Buffer.from('just some text, not a video\n'.repeat(100))],
    ['an empty file', () => Buffer.alloc(0)],
  ])('%s is refused with a 400, charged nothing, leaving no files', async (_, bytes) => {
    const before = await credits();
    const filesBefore = await storedFiles();
    const response = await upload(bytes(), 'clip.mp4');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message.length).toBeGreaterThan(0);
    expect(await credits()).toBe(before);
    expect(await storedFiles()).toEqual(filesBefore);
    recordFigure('hostile uploads refused or contained', 1, 'broken videos');
  });

  it('a request declaring more than two files at the 1.5 GB limit is refused with 413 before its body is read', async () => {
    const before = await credits();
    const { body, contentType } = multipartBody([
      { name: 'fileVideo', filename: 'clip.mp4', content: clip, type: 'video/mp4' },
      { name: 'fileSub', filename: 'subtitles.srt', content: SRT },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload-log/hc',
      payload: body,
      headers: {
        'content-type': contentType,
        'content-length': String(4 * 1024 ** 3),
        authorization: `Bearer ${user.token}`,
      },
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(await credits()).toBe(before);
    expect(await findLedgerMismatches(db)).toEqual([]);
    recordFigure('hostile uploads refused or contained', 1, 'a huge declared size');
  });
});
