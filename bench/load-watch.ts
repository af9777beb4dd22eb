import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { otherTicks, type ProcessTicks, parseStat } from './cpu-share';

/** How long a part of the run took, and how much of the machine other processes used meanwhile. */
export interface PartTiming {
  seconds: number;
  /** CPU used by processes outside the bench's own tree, as a share of all cores (0–1). */
  othersCpuShare: number;
  /**
   * CPU time the virtual machine's host kept from it meanwhile (`steal` in /proc/stat), as a share
   * of all cores: work of other guests that no process list here shows. Absent in older reports.
   */
  stolenCpuShare?: number;
}

/** The ticks the host stole from every CPU so far: the eighth figure of /proc/stat's `cpu` line. */
export function stolenTicks(procStat: string): number {
  const fields = procStat.split('\n')[0]?.trim().split(/\s+/) ?? [];
  return fields[0] === 'cpu' ? Number(fields[8] ?? 0) : 0;
}

const readStolenTicks = () => readFile('/proc/stat', 'utf8').then(stolenTicks, () => 0);

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process (all its threads) has used so far. */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const parsed = parseStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  if (!parsed) throw new Error(`could not read the CPU time of process ${pid}`);
  return parsed.ticks / TICKS_PER_SECOND;
}

async function snapshot(): Promise<ProcessTicks[]> {
  const entries = await readdir('/proc').catch(() => []);
  const processes: ProcessTicks[] = [];
  for (const entry of entries.filter((name) => /^\d+$/.test(name))) {
    const line = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    const parsed = line ? parseStat(line) : null;
    if (parsed) processes.push(parsed);
  }
  return processes;
}

/**
 * Watches the CPU time of every process outside the bench's tree (its PostgreSQL, app processes
 * and ffmpeg are inside it) while a part runs: other sessions' tests on a shared machine slow the
 * figures, and this says by how much of the machine.
 */
export function watchLoad(intervalMs = 2000): { stop(): Promise<PartTiming> } {
  const started = performance.now();
  const stolenBefore = readStolenTicks();
  let previous: Promise<ProcessTicks[]> = snapshot();
  let others = 0;
  const sample = async () => {
    const before = await previous;
    const next = snapshot();
    previous = next;
    others += otherTicks(process.pid, before, await next);
  };
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(sample);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await pending.then(sample);
      const seconds = (performance.now() - started) / 1000;
      const share = (ticks: number) => ticks / TICKS_PER_SECOND / (seconds * os.availableParallelism());
      const stolen = (await readStolenTicks()) - (await stolenBefore);
      return { seconds, othersCpuShare: share(others), stolenCpuShare: share(Math.max(0, stolen)) };
    },
  };
}
