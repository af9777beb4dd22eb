import { describe, expect, it } from 'vitest';
import { formatCueTime, formatDuration, parseCueTime } from './time-text';

describe('cue times as text', () => {
  it('shows minutes, seconds and milliseconds, and hours when there are any', () => {
    expect(formatCueTime(0)).toBe('0:00.000');
    expect(formatCueTime(62_500)).toBe('1:02.500');
    expect(formatCueTime(3_723_004)).toBe('1:02:03.004');
  });

  it('reads what a user types, and refuses what is not a time', () => {
    expect(parseCueTime('1:02.5')).toBe(62_500);
    expect(parseCueTime('62.5')).toBe(62_500);
    expect(parseCueTime('0:01:02,500')).toBe(62_500);
    expect(parseCueTime(' 3 ')).toBe(3_000);
    expect(parseCueTime('1:75.0')).toBeNull();
    expect(parseCueTime('abc')).toBeNull();
    expect(parseCueTime('')).toBeNull();
  });

  it('round-trips every time it shows', () => {
    for (const ms of [0, 999, 61_001, 3_599_999, 3_600_000, 7_384_250])
      expect(parseCueTime(formatCueTime(ms))).toBe(ms);
  });

  it('shows a duration in seconds with one decimal', () => {
    expect(formatDuration(1_250)).toBe('1.3 s');
  });
});
