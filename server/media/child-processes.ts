import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The ffmpeg and ffprobe runs of this process, each the leader of its own process group (spawned
 * detached), so a whole run — whatever it starts — is killed at once: when its job ends or is
 * cancelled, and when this process exits. A process killed with -9 runs no handler, so each run is
 * also written down in a folder of DATA_DIR (`recordChildrenIn`); the next worker to start kills the
 * runs whose owner is gone (`reapOrphanedChildren`).
 */
const running = new Map<number, string | null>();
let recordDir: string | null = null;

interface ChildRecord {
  owner: number;
  ownerStart: string;
  child: number;
  childStart: string;
}

/** When the kernel started a process (field 22 of /proc/PID/stat), or null once it is gone (or a zombie). */
function startTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? null : (fields[19] ?? null);
  } catch {
    return null;
  }
}

/** The same process as recorded: alive, and not a newer one that was given the same number. */
const isAlive = (pid: number, ticks: string) => startTicks(pid) === ticks;

function killGroup(pid: number) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Where the runs of the processes on one DATA_DIR are written down (beside, never inside, its tmp/). */
export const childRecordsDir = (dataDir: string) => path.join(dataDir, 'processes');

/** Writes each run down under `dir` from now on (a folder of DATA_DIR). */
export function recordChildrenIn(dir: string) {
  mkdirSync(dir, { recursive: true });
  recordDir = dir;
}

export function childStarted(pid: number) {
  let file: string | null = null;
  const childStart = startTicks(pid);
  const ownerStart = startTicks(process.pid);
  if (recordDir && childStart && ownerStart) {
    file = path.join(recordDir, `${pid}.json`);
    const record: ChildRecord = { owner: process.pid, ownerStart, child: pid, childStart };
    try {
      writeFileSync(file, JSON.stringify(record));
    } catch {
      file = null; // The folder went away (a test's data removed): the exit handler still kills it.
    }
  }
  running.set(pid, file);
}

/** The run ended: its group is killed (anything it left behind) and its record removed. */
export function childEnded(pid: number) {
  if (!running.has(pid)) return;
  killGroup(pid);
  const file = running.get(pid);
  running.delete(pid);
  if (file) rmSync(file, { force: true });
}

/** Kills every run of this process at once; synchronous, so it works in an `exit` handler. */
export function killRunningChildren() {
  for (const pid of [...running.keys()]) childEnded(pid);
}

/** How many runs this process has going. */
export const runningChildren = () => running.size;

/**
 * Kills the runs recorded under `dir` whose owner process is gone (killed with -9, the machine
 * restarted), and forgets them; runs of live processes (other workers on this DATA_DIR) are left.
 * Answers how many were killed.
 */
export function reapOrphanedChildren(dir: string): number {
  let killed = 0;
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    let record: ChildRecord;
    try {
      record = JSON.parse(readFileSync(file, 'utf8')) as ChildRecord;
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    if (isAlive(record.owner, record.ownerStart)) continue;
    if (isAlive(record.child, record.childStart)) {
      killGroup(record.child);
      killed++;
    }
    rmSync(file, { force: true });
  }
  return killed;
}
