import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config';
import { createStorage } from '../server/storage/create';
import { diskStorage } from '../server/storage/storage';
import { startS3Server } from '../test/support/s3-server';

const run = promisify(execFile);
const s3 = await startS3Server('migrate-bucket');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-migrate-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const local = diskStorage(path.join(dataDir, 'files'));
const bucket = await createStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }), path.join(dataDir, 'tmp'));
const FILES: Record<string, Buffer> = {
  'videos/0b1e/source.mp4': Buffer.alloc(9 * 1024 * 1024, 7), // over one multipart part
  'videos/0b1e/hardcoded.mp4': Buffer.from('burned'),
  'videos/0b1e/words.json': Buffer.from('{"words":[]}'),
  'showcase/3/original.mp4': Buffer.from('published original'),
};

async function migrate() {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/storage-migrate.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...s3.env, STORAGE: 'disk' },
  });
  return stdout;
}

describe('npm run storage:migrate', () => {
  it('copies the local store into the bucket under the same keys, resuming where a run stopped', async () => {
    for (const [key, bytes] of Object.entries(FILES)) await local.write(key, Readable.from([bytes]));
    // An earlier run stopped after its first file.
    await bucket.write('showcase/3/original.mp4', Readable.from([FILES['showcase/3/original.mp4'] ?? '']));

    const output = await migrate();
    expect(output).toContain('3 files copied');
    expect(output).toContain('1 already in bucket "migrate-bucket"');
    expect(output).toContain('skipped showcase/3/original.mp4');
    expect((await bucket.list('')).filter((key) => !key.startsWith('.')).sort()).toEqual(
      Object.keys(FILES).sort(),
    );
    for (const [key, bytes] of Object.entries(FILES))
      expect((await buffer(bucket.read(key))).equals(bytes), key).toBe(true);
  });

  it('copies nothing the second time', async () => {
    const output = await migrate();
    expect(output).toContain('0 files copied (0 bytes), 4 already in bucket');
  });

  it('stops with one line when the S3 settings are missing', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/storage-migrate.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/^Invalid configuration: S3_BUCKET="" is required/);
  });
});
