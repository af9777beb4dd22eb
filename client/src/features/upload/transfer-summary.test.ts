import { describe, expect, it } from 'vitest';
import { formatBytes, transferSummary } from './transfer-summary';

describe('the upload overlay figures', () => {
  it('formats sizes in decimal units', () => {
    expect([0, 999, 1_000, 12_345_678, 240_000_000, 1_500_000_000].map(formatBytes)).toEqual([
      '0 B',
      '999 B',
      '1.0 kB',
      '12.3 MB',
      '240 MB',
      '1.5 GB',
    ]);
  });

  it('gives size, speed and time left once a second has passed', () => {
    const started = 1_000_000;
    expect(
      transferSummary({ loaded: 5_000_000, total: 240_000_000, startedAt: started }, started + 500),
    ).toBe('5.0 MB of 240 MB');
    expect(
      transferSummary({ loaded: 20_000_000, total: 240_000_000, startedAt: started }, started + 10_000),
    ).toBe('20.0 MB of 240 MB · 2.0 MB/s · about 2 min left');
    expect(
      transferSummary({ loaded: 200_000_000, total: 240_000_000, startedAt: started }, started + 10_000),
    ).toBe('200 MB of 240 MB · 20.0 MB/s · about 2 s left');
  });

  it('counts only the bytes of this session in the speed of a resumed upload', () => {
    const started = 1_000_000;
    const resumed = { loaded: 140_000_000, total: 240_000_000, startedAt: started, startedFrom: 120_000_000 };
    expect(transferSummary(resumed, started + 10_000)).toBe('140 MB of 240 MB · 2.0 MB/s · about 50 s left');
  });
});
