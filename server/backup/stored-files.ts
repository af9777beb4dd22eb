import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/database';
import type { Storage } from '../storage/storage';
import type { StoredFile } from './manifest';
import { storedFileRows } from './repo';

/** Files a video's steps keep beside its source (server/domains/generation/generate.ts, editor/service.ts). */
const FILES_BESIDE_SOURCE = ['audio.wav', 'words.json', 'peaks.json'];

/**
 * Every storage key the database refers to, read from its rows rather than from a folder listing,
 * so it works the same for any Storage (local disk or an object store).
 */
export async function referencedKeys(db: Db, storage: Storage): Promise<string[]> {
  const { videos, languages, showcase } = await storedFileRows(db);
  const keys = new Set<string>();
  for (const video of videos) {
    if (video.source_key) {
      keys.add(video.source_key);
      const folder = path.posix.dirname(video.source_key);
      for (const name of FILES_BESIDE_SOURCE) {
        const key = path.posix.join(folder, name);
        if ((await storage.size(key)) !== null) keys.add(key);
      }
    }
    if (video.hardcoded_key) keys.add(video.hardcoded_key);
  }
  for (const language of languages) if (language.hardcoded_key) keys.add(language.hardcoded_key);
  for (const item of showcase) {
    keys.add(item.original_key);
    keys.add(item.subtitled_key);
  }
  return [...keys].sort();
}

/** A pass-through that counts and hashes what flows through it. */
function measuring() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Copies each key's file from storage into `folder/<key>`; answers what was copied and what was gone. */
export async function copyStoredFiles(
  storage: Storage,
  keys: string[],
  folder: string,
): Promise<{ files: StoredFile[]; missing: string[] }> {
  const files: StoredFile[] = [];
  const missing: string[] = [];
  for (const key of keys) {
    if ((await storage.size(key)) === null) {
      missing.push(key);
      continue;
    }
    const target = path.join(folder, key);
    await mkdir(path.dirname(target), { recursive: true });
    const measure = measuring();
    await pipeline(storage.read(key), measure.stream, createWriteStream(target));
    files.push({ key, ...measure.result() });
  }
  return { files, missing };
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface FileProblem {
  key: string;
  problem: string;
}

/** Each file of the manifest checked in the backup's copy: present, of its size and its SHA-256. */
export async function verifyCopiedFiles(folder: string, files: StoredFile[]): Promise<FileProblem[]> {
  const problems: FileProblem[] = [];
  for (const file of files) {
    const copy = path.join(folder, file.key);
    let sha256: string;
    try {
      sha256 = await sha256OfFile(copy);
    } catch {
      problems.push({ key: file.key, problem: 'missing from the backup' });
      continue;
    }
    if (sha256 !== file.sha256) {
      problems.push({ key: file.key, problem: `SHA-256 ${sha256}, the manifest says ${file.sha256}` });
    }
  }
  return problems;
}

/** Writes the backup's copies back into storage. */
export async function restoreStoredFiles(
  storage: Storage,
  folder: string,
  files: StoredFile[],
): Promise<void> {
  for (const file of files) {
    await storage.write(file.key, createReadStream(path.join(folder, file.key)));
  }
}
