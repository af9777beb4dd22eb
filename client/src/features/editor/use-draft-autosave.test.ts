import { describe, expect, it } from 'vitest';
import { SAVE_AT_LEAST_EVERY_MS, SAVE_PAUSE_MS, saveDelay } from './use-draft-autosave';

describe('the draft saved by itself', () => {
  it('waits for typing to pause before saving', () => {
    expect(saveDelay(1000, 1000)).toBe(SAVE_PAUSE_MS);
    expect(saveDelay(1000, 1200)).toBe(SAVE_PAUSE_MS);
  });

  it('saves typing that never pauses at least every few seconds', () => {
    const since = 1000;
    expect(saveDelay(since, since + SAVE_AT_LEAST_EVERY_MS - 300)).toBe(300);
    expect(saveDelay(since, since + SAVE_AT_LEAST_EVERY_MS)).toBe(0);
    expect(saveDelay(since, since + SAVE_AT_LEAST_EVERY_MS + 2000)).toBe(0);
  });
});
