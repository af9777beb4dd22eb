import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where videos and their outputs live. Keys are ours (`videos/<id>/…`), never derived from a
 * user's file name. Local files under DATA_DIR/files by default (disk.ts), or an S3 bucket (s3.ts):
 * no caller may assume a file path, so programs (ffmpeg) read through `withLocalFile` and their
 * outputs come back through `adopt`.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  write(key: string, data: Readable): Promise<number>;
  /** Moves a finished local file into place, replacing what was there in one step; the local file is gone after. */
  adopt(key: string, file: string): Promise<void>;
  /** The whole file, or the bytes from `range.start` to `range.end` inclusive. */
  read(key: string, range?: ByteRange): Readable;
  /** A second, independent copy of a file under another key. */
  copy(fromKey: string, toKey: string): Promise<void>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Every key under a prefix (`videos/`), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /**
   * Runs `use` with a local file holding the key's bytes, for a program that reads a whole file. On
   * disk it is the stored file itself (no copy); from a bucket a copy in the temporary folder,
   * removed when `use` settles.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /**
   * What ffprobe can open to read a file's header without fetching all of it: the path on disk, a
   * short-lived presigned URL on S3 (ffprobe then asks for the byte ranges it needs).
   */
  probeInput(key: string): Promise<string>;
  /**
   * What ffmpeg opens to read only the parts of a file it needs (a segment of a video): the path on
   * disk; on S3 a presigned URL valid for `seconds`, which ffmpeg reads by byte ranges.
   */
  rangedInput(key: string, seconds: number): Promise<string>;
  /**
   * A link a browser downloads the file from directly for `seconds`, answered with this
   * Content-Disposition; null when the app serves the bytes itself (disk).
   */
  directDownloadUrl(key: string, disposition: string, seconds: number): Promise<string | null>;
}

export interface ByteRange {
  start: number;
  end: number;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
  const keys: string[] = [];
  for (const entry of entries) {
    const key = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) keys.push(...(await filesUnder(root, key)));
    else keys.push(key);
  }
  return keys;
}

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'disk',
    async write(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(data, createWriteStream(file));
      return (await stat(file)).size;
    },
    async adopt(key, file) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file, target);
    },
    read: (key, range) => createReadStream(resolve(key), range),
    async copy(fromKey, toKey) {
      const target = resolve(toKey);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(resolve(fromKey), target);
    },
    async size(key) {
      const file = resolve(key);
      try {
        return (await stat(file)).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      const file = resolve(key);
      await rm(file, { force: true, recursive: true });
      // A video's folder goes with its last file.
      await rmdir(path.dirname(file)).catch(() => {});
    },
    async list(prefix) {
      const folder = prefix.slice(0, Math.max(0, prefix.lastIndexOf('/')));
      return (await filesUnder(root, folder)).filter((key) => key.startsWith(prefix));
    },
    async withLocalFile(key, use) {
      const file = resolve(key);
      await stat(file);
      return use(file);
    },
    probeInput: async (key) => resolve(key),
    rangedInput: async (key) => resolve(key),
    directDownloadUrl: async () => null,
  };
}
