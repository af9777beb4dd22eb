import { describe, expect, it } from 'vitest';
import { clipLabel, formatNumber, settingsLine, table } from './tables';

describe('report formatting', () => {
  it('names clips in whole minutes when they are, else in seconds', () => {
    expect(clipLabel(60.065)).toBe('1 min');
    expect(clipLabel(600.4)).toBe('10 min');
    expect(clipLabel(8)).toBe('8 s');
    expect(clipLabel(10.04)).toBe('10 s');
  });

  it('keeps three significant digits', () => {
    expect(formatNumber(0.12345)).toBe('0.123');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(1234.5)).toBe('1235');
  });

  it('escapes pipes inside table cells', () => {
    expect(table(['a'], [['x | y']])).toBe('| a |\n| --- |\n| x \\| y |');
  });

  it('lists the database settings as PostgreSQL reported them', () => {
    expect(settingsLine({ fsync: 'on', synchronous_commit: 'on' })).toBe('fsync=on, synchronous_commit=on');
  });
});
