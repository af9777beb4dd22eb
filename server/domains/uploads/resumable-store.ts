import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { Services } from '../../services';
import { s3Settings } from '../../storage/create';

/** Where a bucket keeps unfinished uploads, apart from the videos' own keys. */
const S3_PREFIX = 'resumable-uploads/';

/**
 * Where tus keeps an upload until its last byte. Disk: files under DATA_DIR/resumable-uploads, on
 * the disk of the stored videos, so taking a finished one is a rename. STORAGE=s3: the bucket's
 * multipart uploads (@tus/s3-store) under `resumable-uploads/`, so any app process behind one
 * address takes the next PATCH. The finished video then goes where every upload goes (`storage.adopt`).
 */
export interface ResumableStore {
  datastore: DataStore;
  /** The store's id of the upload a URL names (`c<company>-<random>`), and back. */
  storeId(urlId: string): string;
  urlId(storeId: string): string;
  /** A local file with the finished upload's bytes, for ffprobe and `storage.adopt`; the caller removes it. */
  takeFinished(urlId: string): Promise<string>;
  /** Forgets an upload, finished or not; nothing left is not an error. */
  remove(urlId: string): Promise<void>;
  /** Removes the uploads left past RESUMABLE_UPLOAD_EXPIRY_HOURS, and half-written ones as old; answers how many. */
  removeAbandoned(): Promise<number>;
}

export function resumableUploadsDirectory(config: Services['config']): string {
  return path.join(config.dataDir, 'resumable-uploads');
}

const expiryMs = (config: Services['config']) => config.RESUMABLE_UPLOAD_EXPIRY_HOURS * 3_600_000;

/**
 * Files of the disk store whose partner is gone, once older than `olderThanMs`: an upload's bytes
 * without its info file, or the reverse (a crash between writing, or taking, the two). tus lists
 * uploads by their pairs only, so its own expiry never sees these.
 */
async function removeUnpairedUploadFiles(directory: string, olderThanMs: number): Promise<number> {
  const names = new Set(await readdir(directory).catch(() => []));
  let removed = 0;
  for (const name of names) {
    const partner = name.endsWith('.json') ? name.slice(0, -'.json'.length) : `${name}.json`;
    if (names.has(partner)) continue;
    const file = path.join(directory, name);
    const written = (await stat(file).catch(() => null))?.mtimeMs;
    if (written === undefined || Date.now() - written < olderThanMs) continue;
    await rm(file, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

async function localCopyPath(tmpDir: string) {
  await mkdir(tmpDir, { recursive: true });
  return path.join(tmpDir, randomUUID());
}

export async function resumableStore(
  services: Pick<Services, 'config' | 'storage' | 'tmpDir'>,
): Promise<ResumableStore> {
  if (services.config.STORAGE === 's3') return bucketStore(services);
  const directory = resumableUploadsDirectory(services.config);
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs(services.config) });
  return {
    datastore,
    storeId: (urlId) => urlId,
    urlId: (storeId) => storeId,
    async takeFinished(urlId) {
      const file = await localCopyPath(services.tmpDir);
      await rename(path.join(directory, urlId), file);
      return file;
    },
    async remove(urlId) {
      await rm(path.join(directory, urlId), { force: true });
      await rm(path.join(directory, `${urlId}.json`), { force: true });
    },
    async removeAbandoned() {
      const unpaired = await removeUnpairedUploadFiles(directory, expiryMs(services.config));
      return unpaired + (await datastore.deleteExpired());
    },
  };
}

async function bucketStore(
  services: Pick<Services, 'config' | 'storage' | 'tmpDir'>,
): Promise<ResumableStore> {
  const settings = s3Settings(services.config);
  // Loaded with STORAGE=s3 only, like the storage's own AWS SDK (storage/create.ts).
  const { S3Store } = await import('@tus/s3-store');
  const datastore = new S3Store({
    partSize: 8 * 1024 * 1024,
    // Tags let an S3 lifecycle rule find expired parts; the worker's cron removes them itself.
    useTags: false,
    // Read from the bucket on every request, never from a process's memory: another app process, or the
    // worker's cron, may have written or removed the upload since (the default cache would answer stale).
    cache: { get: async () => undefined, set: async () => {}, delete: async () => {} },
    expirationPeriodInMilliseconds: expiryMs(services.config),
    s3ClientConfig: {
      bucket: settings.bucket,
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  const storeId = (urlId: string) => `${S3_PREFIX}${urlId}`;
  return {
    datastore,
    storeId,
    urlId: (id) => id.slice(S3_PREFIX.length),
    async takeFinished(urlId) {
      const file = await localCopyPath(services.tmpDir);
      await pipeline(services.storage.read(storeId(urlId)), createWriteStream(file));
      return file;
    },
    async remove(urlId) {
      // S3Store.remove aborts the multipart upload, which fails once it was completed: the keys go too.
      await datastore.remove(storeId(urlId)).catch(() => {});
      for (const key of [storeId(urlId), `${storeId(urlId)}.info`, `${storeId(urlId)}.part`])
        await services.storage.remove(key).catch(() => {});
    },
    removeAbandoned: () => datastore.deleteExpired(),
  };
}
