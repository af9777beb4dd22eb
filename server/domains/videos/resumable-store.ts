import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Services } from '../../services';

/**
 * Where tus keeps an upload until its last byte: files under DATA_DIR/resumable-uploads, on the disk
 * of the temporary folder, so taking a finished one is a rename. With either storage the finished
 * video then goes where every upload goes (`storage.adopt` in accept-upload.ts: a rename on disk, an
 * upload to the bucket with STORAGE=s3). Several app processes behind one address need this folder
 * shared, or sticky sessions, as every PATCH of an upload must find its earlier bytes.
 */
export interface ResumableStore {
  datastore: FileStore;
  /** A local file with the finished upload's bytes, for ffprobe and `storage.adopt`; the caller removes it. */
  takeFinished(id: string): Promise<string>;
  /** Forgets an upload, finished or not; nothing left is not an error. */
  remove(id: string): Promise<void>;
}

export function resumableUploadsDirectory(config: Services['config']): string {
  return path.join(config.dataDir, 'resumable-uploads');
}

export function resumableStore(services: Pick<Services, 'config' | 'tmpDir'>): ResumableStore {
  const directory = resumableUploadsDirectory(services.config);
  const datastore = new FileStore({
    directory,
    expirationPeriodInMilliseconds: services.config.RESUMABLE_UPLOAD_EXPIRY_HOURS * 3_600_000,
  });
  return {
    datastore,
    async takeFinished(id) {
      await mkdir(services.tmpDir, { recursive: true });
      const file = path.join(services.tmpDir, randomUUID());
      await rename(path.join(directory, id), file);
      return file;
    },
    async remove(id) {
      await rm(path.join(directory, id), { force: true });
      await rm(path.join(directory, `${id}.json`), { force: true });
    },
  };
}
