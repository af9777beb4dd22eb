import type { Job } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { noteFailedForGood, outcomeOf } from './job-runs';

const job = (attempts: number, maxAttempts = 3) => ({ attempts, max_attempts: maxAttempts }) as Job;

describe('how a job attempt ended', () => {
  it('is a retry when it threw before its last attempt, a failure on the last', () => {
    expect(outcomeOf({ job: job(1), error: new Error('busy') })).toBe('retried');
    expect(outcomeOf({ job: job(3), error: new Error('busy') })).toBe('failed');
  });

  it('is completed when it returned, unless its video step failed for good without throwing', () => {
    expect(outcomeOf({ job: job(1) })).toBe('completed');
    const failed = job(1);
    noteFailedForGood(failed, 'no audio track');
    expect(outcomeOf({ job: failed })).toBe('failed');
  });
});
