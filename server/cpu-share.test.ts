import { describe, expect, it } from 'vitest';
import { cpuShare, JOB_NICENESS } from './cpu-share';

describe('cpuShare', () => {
  it('splits the cores among the jobs that run at once, at least one thread each', () => {
    expect(cpuShare(1, 8).threadsPerJob).toBe(8);
    expect(cpuShare(2, 8).threadsPerJob).toBe(4);
    expect(cpuShare(3, 8).threadsPerJob).toBe(2);
    expect(cpuShare(2, 2).threadsPerJob).toBe(1);
    expect(cpuShare(4, 2).threadsPerJob).toBe(1);
  });

  it('runs the jobs’ programs below the server’s priority', () => {
    expect(cpuShare(2, 8).niceness).toBe(JOB_NICENESS);
    expect(JOB_NICENESS).toBeGreaterThan(0);
  });
});
