import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Temporary files (uploads streaming in, a finished resumable upload being accepted, the work folders
 * of burn-ins, audio and previews) live in a folder of their process's own under DATA_DIR/tmp, whose
 * `owner.json` names the process by host, pid and start. A process that crashed or was killed leaves
 * its folder behind; the next process to start, and the worker every hour, remove it. A folder whose
 * process still runs, on this machine, is never touched: its uploads and jobs are live.
 */
export const OWNER_FILE = 'owner.json';

/** Left by nothing this sweep can ask (a loose file, another machine's folder): removed only this long after its last write. */
export const SAFE_AGE_MS = 24 * 3_600_000;

interface Owner {
  host: string;
  pid: number;
  /** The process's start (Linux's /proc starttime), so a pid used again by another process is not taken for it. */
  start: string | null;
}

export function temporaryRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

/** When the process of `pid` started, as Linux counts it; null where /proc cannot tell. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after "pid (name) " start at the third; starttime is the 22nd.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the folder's process runs: true or false on its own machine, unknown (null) on another. */
function ownerRuns(owner: Owner): boolean | null {
  if (owner.host !== os.hostname()) return null;
  if (!isRunning(owner.pid)) return false;
  return owner.start === null || processStart(owner.pid) === owner.start;
}

/** The folder this process keeps its temporary files in, made with its owner file. */
export async function processTemporaryFolder(root: string): Promise<string> {
  const folder = path.join(root, `process-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(folder, { recursive: true });
  const owner: Owner = { host: os.hostname(), pid: process.pid, start: processStart(process.pid) };
  await writeFile(path.join(folder, OWNER_FILE), JSON.stringify(owner));
  return folder;
}

async function ownerOf(entry: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await readFile(path.join(entry, OWNER_FILE), 'utf8')) as Partial<Owner>;
    if (typeof owner.host !== 'string' || typeof owner.pid !== 'number') return null;
    return { host: owner.host, pid: owner.pid, start: typeof owner.start === 'string' ? owner.start : null };
  } catch {
    return null;
  }
}

/** The last write to an entry or anything under it, in milliseconds. */
async function lastWrite(entry: string): Promise<number> {
  const stats = await lstat(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  const children = await readdir(entry).catch(() => []);
  const times = await Promise.all(children.map((child) => lastWrite(path.join(entry, child)).catch(() => 0)));
  return Math.max(stats.mtimeMs, ...times);
}

/**
 * Removes what no live process owns from the temporary root: the folders of processes that are gone,
 * and anything else untouched for SAFE_AGE_MS. `keep` (the caller's own folder) stays. Answers what it removed.
 */
export async function removeOrphanedTemporaryFiles(
  root: string,
  { keep, now = Date.now() }: { keep?: string; now?: number } = {},
): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [])) {
    const entry = path.join(root, name);
    if (keep && path.resolve(entry) === path.resolve(keep)) continue;
    const owner = await ownerOf(entry);
    const runs = owner ? ownerRuns(owner) : null;
    if (runs === true) continue;
    if (runs === null && now - (await lastWrite(entry).catch(() => now)) < SAFE_AGE_MS) continue;
    await rm(entry, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
