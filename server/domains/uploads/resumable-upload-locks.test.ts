import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_PATH } from '../../../shared/schemas/resumable-upload';
import { resumableStorageEnv } from '../../../test/fakes/s3-multipart-proxy';
import { payingUser, testApp } from '../../../test/support/http';
import { TEST_MODEL } from '../../../test/support/media';
import type { StorageMode } from '../../../test/support/s3-server';
import { buildApp } from '../../app/http-app';
import { RESUMABLE_UPLOAD_LOCK_NAMESPACE } from '../../db/locks';
import { startEventHub } from '../../realtime/event-hub';
import { resumableUploadsDirectory } from './resumable-store';

/**
 * This file's own temporary folder (a test file runs in a process of its own): @tus/s3-store writes
 * the part a PATCH is receiving to os.tmpdir() as `<10 random characters>-<part>`, so the test can
 * see the bytes arrive there instead of waiting a while.
 */
const PARTS = mkdtempSync(path.join(os.tmpdir(), 'upload-locks-'));
process.env.TMPDIR = PARTS;
afterAll(() => rmSync(PARTS, { recursive: true, force: true }));
const PART_FILE = /^[\w-]{10}-\d+$/;

/** The sizes of the part files the S3 store is writing, by name. */
async function partFiles(): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const name of (await readdir(PARTS)).filter((entry) => PART_FILE.test(entry))) {
    const file = await stat(path.join(PARTS, name)).catch(() => null);
    if (file?.isFile()) sizes.set(name, file.size);
  }
  return sizes;
}

const FILE = randomBytes(64 * 1024);
const HALF = FILE.length / 2;
const QUARTER = FILE.length / 4;
const metadata = Object.entries({
  mode: 'generate',
  filename: 'locks.mp4',
  title: 'Locks',
  rso: 'full-text',
  in_lan: 'en',
  out_lan: 'en',
})
  .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
  .join(',');

/**
 * Two app instances over one database and one store, as two processes behind a load balancer: each
 * builds its own tus server (and locker), so only the database can keep their requests apart.
 */
describe.each<StorageMode>(['disk', 's3'])(
  'resumable upload requests across two app processes (%s storage)',
  async (storage) => {
    const first = await testApp({ ...(await resumableStorageEnv(storage)), WHISPER_MODEL: TEST_MODEL });
    const events = await startEventHub(first.databaseUrl, first.services.logger);
    const second = await buildApp(first.services, { serveClient: false, events });
    afterAll(async () => {
      await second.close();
      await events.close();
    });

    async function listening(app: typeof second): Promise<string> {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }
    const origins = { first: await listening(first.app), second: await listening(second) };
    const user = await payingUser(first.call, 'locks');
    const auth = { authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0' };

    async function createUpload(): Promise<string> {
      const response = await fetch(`${origins.first}${RESUMABLE_UPLOAD_PATH}`, {
        method: 'POST',
        headers: { ...auth, 'upload-length': String(FILE.length), 'upload-metadata': metadata },
      });
      expect(response.status, await response.text()).toBe(201);
      return path.basename(response.headers.get('location') ?? '');
    }

    const storedBytes = (id: string) =>
      stat(path.join(resumableUploadsDirectory(first.services.config), id)).then(
        (file) => file.size,
        () => 0,
      );

    /**
     * Until the PATCH holds the upload and its bytes are in: on disk, in the upload's file; in a
     * bucket, @tus/s3-store keeps a part under 8 MB in a local file until the request ends, so in a
     * part file that was not there before the PATCH (`before`), holding the upload's `bytes` so far
     * (the part left by an earlier request is copied in ahead of the new bytes).
     */
    async function patchUnderWay(id: string, bytes: number, before: ReadonlySet<string>) {
      if (storage === 'disk') {
        await expect.poll(() => storedBytes(id), { timeout: 10_000 }).toBe(bytes);
        return;
      }
      await expect.poll(heldUploadLocks, { timeout: 10_000 }).toBe(1);
      const newPartHolds = async () =>
        [...(await partFiles())].some(([name, size]) => !before.has(name) && size === bytes);
      await expect.poll(newPartHolds, { timeout: 10_000 }).toBe(true);
    }

    async function heldUploadLocks(): Promise<number> {
      const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_locks
    where locktype = 'advisory' and granted and classid = ${RESUMABLE_UPLOAD_LOCK_NAMESPACE}
      and database = (select oid from pg_database where datname = current_database())`.execute(first.db);
      return Number(rows[0]?.n);
    }

    /**
     * A PATCH whose client sends `bytes` and then stalls, as a browser on a half-open connection: it
     * holds the upload's lock until the server ends it. `ended` settles when its answer or close comes,
     * noted in `timeline`: the order in which requests were answered.
     */
    async function stalledPatch(
      timeline: string[],
      origin: string,
      id: string,
      name: string,
      bytes: number,
      offset = 0,
    ) {
      const url = new URL(`${RESUMABLE_UPLOAD_PATH}/${id}`, origin);
      const request = http.request(url, {
        method: 'PATCH',
        headers: {
          ...auth,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          'content-length': String(FILE.length - offset),
        },
      });
      const ended = new Promise<number | null>((resolve) => {
        request.on('response', (response) => {
          timeline.push(name);
          response.resume();
          resolve(response.statusCode ?? null);
        });
        request.on('error', () => {
          timeline.push(name);
          resolve(null);
        });
      });
      const before = new Set((await partFiles()).keys());
      request.write(FILE.subarray(offset, offset + bytes));
      await patchUnderWay(id, offset + bytes, before);
      return { ended, request };
    }

    async function tusRequest(
      timeline: string[],
      origin: string,
      id: string,
      name: string,
      init: RequestInit,
    ) {
      const response = await fetch(`${origin}${RESUMABLE_UPLOAD_PATH}/${id}`, init);
      timeline.push(name);
      return response;
    }

    it('has a HEAD on the other process wait for a PATCH in flight, which lets go when asked', async () => {
      const timeline: string[] = [];
      const id = await createUpload();
      const patch = await stalledPatch(timeline, origins.first, id, 'stalled PATCH on the first', HALF);

      const started = Date.now();
      const head = await tusRequest(timeline, origins.second, id, 'HEAD on the second', {
        method: 'HEAD',
        headers: auth,
      }).finally(() => patch.request.destroy());
      // The HEAD was answered only once the PATCH had ended, and saw every byte it had written.
      expect(timeline).toEqual(['stalled PATCH on the first', 'HEAD on the second']);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(HALF));
      // Asked to let go, the stalled request ended long before the 30 seconds a lock is waited for.
      expect(Date.now() - started).toBeLessThan(15_000);
    });

    it('has a PATCH on the other process continue from the offset the first one reached', async () => {
      const timeline: string[] = [];
      const id = await createUpload();
      const patch = await stalledPatch(timeline, origins.first, id, 'stalled PATCH on the first', HALF);

      const next = await tusRequest(timeline, origins.second, id, 'PATCH on the second', {
        method: 'PATCH',
        headers: {
          ...auth,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(HALF),
        },
        body: FILE.subarray(HALF, HALF + QUARTER),
      }).finally(() => patch.request.destroy());
      expect(timeline).toEqual(['stalled PATCH on the first', 'PATCH on the second']);
      expect(next.status, await next.text()).toBe(204);
      expect(next.headers.get('upload-offset')).toBe(String(HALF + QUARTER));
      if (storage === 'disk') {
        // The bytes are the file's, in order: no write went in beside another.
        const stored = await readFile(path.join(resumableUploadsDirectory(first.services.config), id));
        expect(stored.equals(FILE.subarray(0, HALF + QUARTER))).toBe(true);
      }
    });

    it('lets go of the lock when a request ends, and when its client goes away', async () => {
      const timeline: string[] = [];
      const id = await createUpload();
      const done = await tusRequest(timeline, origins.first, id, 'PATCH', {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
        body: FILE.subarray(0, QUARTER),
      });
      expect(done.status).toBe(204);
      expect(await heldUploadLocks()).toBe(0);

      const cut = await stalledPatch(timeline, origins.first, id, 'cut PATCH', QUARTER, QUARTER);
      // The lock is held while the request is in flight...
      expect(await heldUploadLocks()).toBe(1);
      cut.request.destroy();
      // ...and freed once its client is gone, with nobody asking for it.
      await expect.poll(heldUploadLocks, { timeout: 5_000 }).toBe(0);
      const head = await fetch(`${origins.second}${RESUMABLE_UPLOAD_PATH}/${id}`, {
        method: 'HEAD',
        headers: auth,
      });
      expect(head.headers.get('upload-offset')).toBe(String(HALF));
    });
  },
);
