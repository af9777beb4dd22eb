import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { makeClip, media } from '../../test/support/media';
import { startS3Server } from '../../test/support/s3-server';
import { loadConfig } from '../config';
import { attachment } from '../http/content-disposition';
import { probeVideo } from '../media/probe';
import { createStorage } from './create';
import { FILE_PART_BYTES } from './s3-file-upload';
import type { Storage } from './storage';

const work = await mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
afterAll(() => rm(work, { recursive: true, force: true }));
const s3 = await startS3Server('contract-bucket');

async function storageOf(mode: 'disk' | 's3'): Promise<Storage> {
  const dataDir = path.join(work, mode);
  const config = loadConfig({ DATA_DIR: dataDir, ...(mode === 's3' ? s3.env : {}) });
  return createStorage(config, path.join(dataDir, 'tmp'));
}

const bytes = (text: string) => Readable.from([Buffer.from(text)]);
const content = async (storage: Storage, key: string, range?: { start: number; end: number }) =>
  (await buffer(storage.read(key, range))).toString();

describe.each(['disk', 's3'] as const)('the %s storage', (mode) => {
  let storage: Storage;
  const localFile = async (name: string, text: string) => {
    const file = path.join(work, `${mode}-${name}`);
    await writeFile(file, text);
    return file;
  };

  it('writes a stream and answers its size; a missing key has none', async () => {
    storage = await storageOf(mode);
    expect(storage.kind).toBe(mode);
    expect(await storage.write('videos/a/words.json', bytes('{"hello":"world"}'))).toBe(17);
    expect(await storage.size('videos/a/words.json')).toBe(17);
    expect(await content(storage, 'videos/a/words.json')).toBe('{"hello":"world"}');
    expect(await storage.size('videos/a/missing.json')).toBeNull();
  });

  it('reads byte ranges, inclusive at both ends', async () => {
    await storage.write('videos/a/digits.txt', bytes('0123456789'));
    expect(await content(storage, 'videos/a/digits.txt', { start: 2, end: 5 })).toBe('2345');
    expect(await content(storage, 'videos/a/digits.txt', { start: 9, end: 9 })).toBe('9');
  });

  it('adopts a local file, replacing what was there; the local file is gone after', async () => {
    const first = await localFile('first', 'first version');
    await storage.adopt('videos/a/hardcoded.mp4', first);
    expect(existsSync(first)).toBe(false);
    const second = await localFile('second', 'second');
    await storage.adopt('videos/a/hardcoded.mp4', second);
    expect(await content(storage, 'videos/a/hardcoded.mp4')).toBe('second');
    expect(await storage.size('videos/a/hardcoded.mp4')).toBe(6);
    const empty = await localFile('empty', '');
    await storage.adopt('videos/empty/subtitles.srt', empty);
    expect(await storage.size('videos/empty/subtitles.srt')).toBe(0);
    await storage.remove('videos/empty/subtitles.srt');
  });

  it('adopts a file of several multipart parts byte for byte, the last part short', async () => {
    const big = path.join(work, `${mode}-big.bin`);
    const data = randomBytes(2 * FILE_PART_BYTES + 12_345);
    await writeFile(big, data);
    await storage.adopt('videos/big/source.mp4', big);
    expect(existsSync(big)).toBe(false);
    expect(await storage.size('videos/big/source.mp4')).toBe(data.length);
    const stored = await buffer(storage.read('videos/big/source.mp4'));
    expect(stored.equals(data)).toBe(true);
    await storage.remove('videos/big/source.mp4');
  });

  it('copies to an independent file', async () => {
    await storage.copy('videos/a/hardcoded.mp4', 'showcase/1/subtitled.mp4');
    await storage.remove('videos/a/hardcoded.mp4');
    expect(await storage.size('videos/a/hardcoded.mp4')).toBeNull();
    expect(await content(storage, 'showcase/1/subtitled.mp4')).toBe('second');
  });

  it('lists the keys under a prefix', async () => {
    expect((await storage.list('videos/')).sort()).toEqual(['videos/a/digits.txt', 'videos/a/words.json']);
    expect(await storage.list('showcase/')).toEqual(['showcase/1/subtitled.mp4']);
    expect(await storage.list('nothing/')).toEqual([]);
  });

  it('removes, and removing twice is no error', async () => {
    await storage.remove('videos/a/digits.txt');
    await storage.remove('videos/a/digits.txt');
    expect(await storage.size('videos/a/digits.txt')).toBeNull();
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(storage.write('../escape', bytes('x'))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.size('videos/../../etc/passwd')).rejects.toThrow(/Unsafe storage key/);
  });

  it('gives a program a local file with the bytes, and a copy only when it must', async () => {
    let seen = '';
    const answer = await storage.withLocalFile('videos/a/words.json', async (file) => {
      seen = file;
      return readFile(file, 'utf8');
    });
    expect(answer).toBe('{"hello":"world"}');
    // On disk the program reads the stored file itself; a bucket's copy is removed after.
    expect(existsSync(seen)).toBe(mode === 'disk');
    await expect(storage.withLocalFile('videos/a/none.mp4', async () => 'read')).rejects.toThrow();
  });

  it('lets ffprobe read a stored video’s header', async () => {
    const clip = await makeClip('storage-contract-2s.mp4', { seconds: 2, width: 320, height: 180 });
    const copy = path.join(work, `${mode}-clip.mp4`);
    await writeFile(copy, await readFile(clip));
    await storage.adopt('videos/b/source.mp4', copy);
    const probe = await probeVideo(media.ffprobe, await storage.probeInput('videos/b/source.mp4'));
    expect(probe).toMatchObject({ isMp4: true, width: 320, height: 180 });
  });

  it('hands out a direct download link only from a bucket, saved under the given name', async () => {
    // A name no header can carry raw: the store must hand it back as RFC 8187 says.
    const disposition = attachment('会議の記録_subtitled.mp4');
    const url = await storage.directDownloadUrl('videos/b/source.mp4', disposition, 60);
    if (mode === 'disk') return expect(url).toBeNull();
    const response = await fetch(url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(disposition);
    expect((await response.arrayBuffer()).byteLength).toBe(await storage.size('videos/b/source.mp4'));
    const ranged = await fetch(url ?? '', { headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(8);
  });
});

describe('the S3 start-up check', () => {
  it('stops the start with one line when the bucket does not exist', async () => {
    const config = loadConfig({
      DATA_DIR: path.join(work, 'nobucket'),
      ...s3.env,
      S3_BUCKET: 'no-such-bucket',
    });
    await expect(createStorage(config, path.join(work, 'nobucket-tmp'))).rejects.toThrow(
      /^S3 bucket "no-such-bucket" is not reachable/,
    );
  });

  it('stops the start when the access key is unknown', async () => {
    const config = loadConfig({
      DATA_DIR: path.join(work, 'badkey'),
      ...s3.env,
      S3_ACCESS_KEY_ID: 'NOBODY',
    });
    await expect(createStorage(config, path.join(work, 'badkey-tmp'))).rejects.toThrow(
      /^S3 bucket "contract-bucket"/,
    );
  });

  it('signs download links for the public address when one is set', async () => {
    const publicEndpoint = s3.env.S3_ENDPOINT?.replace('127.0.0.1', 'localhost') ?? '';
    const config = loadConfig({
      DATA_DIR: path.join(work, 'public'),
      ...s3.env,
      S3_PUBLIC_ENDPOINT: publicEndpoint,
    });
    const storage = await createStorage(config, path.join(work, 'public-tmp'));
    await storage.write('videos/c/hardcoded.mp4', bytes('public bytes'));
    const url = (await storage.directDownloadUrl('videos/c/hardcoded.mp4', 'attachment', 60)) ?? '';
    expect(url.startsWith(`${publicEndpoint}/contract-bucket/videos/c/hardcoded.mp4?`)).toBe(true);
    expect(await (await fetch(url)).text()).toBe('public bytes');
  });
});
