import os from 'node:os';

/**
 * How a worker's jobs share the machine: WORKER_CONCURRENCY jobs run at once, and each gets an equal
 * share of the cores (at least one) for its ffmpeg or Whisper threads, so jobs side by side never ask
 * for more than the machine and slow each other down by contention. The programs a job starts run
 * at a lower priority than the server, so pages, uploads and the status push stay quick during a
 * burn-in, and so do the Whisper processes (server/engines/whisper-process.ts).
 */
export interface CpuShare {
  threadsPerJob: number;
  /** The `nice` value of the programs a job starts (0 = as the server, 19 = lowest). */
  niceness: number;
}

export const JOB_NICENESS = 10;

export function cpuShare(jobsAtOnce: number, cores = os.availableParallelism()): CpuShare {
  return { threadsPerJob: Math.max(1, Math.floor(cores / Math.max(1, jobsAtOnce))), niceness: JOB_NICENESS };
}

/** Runs a program this process started at a lower priority (`nice`). */
export function lowerPriority(pid: number, niceness: number): void {
  try {
    os.setPriority(pid, niceness);
  } catch {
    // Not allowed here (some containers): it runs at the server's priority, which only costs speed.
  }
}
