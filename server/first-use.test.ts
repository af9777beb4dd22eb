import { describe, expect, it } from 'vitest';
import { onFirstUse } from './first-use';

describe('onFirstUse', () => {
  it('loads nothing until called, then loads once for every caller', async () => {
    let loads = 0;
    const get = onFirstUse(async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    let attempts = 0;
    const get = onFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('module not found');
      return 'sdk';
    });
    await expect(get()).rejects.toThrow('module not found');
    await expect(get()).resolves.toBe('sdk');
    expect(attempts).toBe(2);
  });
});
