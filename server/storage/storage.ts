import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where videos and their outputs live. Keys are ours (`videos/<id>/…`), never derived from a
 * user's file name. Local files under DATA_DIR/files by default; an object store fits the same shape.
 */
export interface Storage {
  /** A local path a program (ffmpeg) can read or write for this key. */
  localPath(key: string): string;
  write(key: string, data: Readable): Promise<number>;
  /** Moves a finished local file into place, replacing what was there in one step. */
  adopt(key: string, file: string): Promise<void>;
  /** The whole file, or the bytes from `range.start` to `range.end` inclusive. */
  read(key: string, range?: ByteRange): Readable;
  /** A second, independent copy of a file under another key. */
  copy(fromKey: string, toKey: string): Promise<void>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    localPath: resolve,
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
      try {
        return (await stat(resolve(key))).size;
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
  };
}
