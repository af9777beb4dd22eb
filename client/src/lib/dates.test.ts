import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMediumDate } from './dates';

describe('admin dates', () => {
  const date = new Date(2025, 0, 5, 9, 3, 7);

  it("formats table dates as 'yyyy-MM-dd HH:mm'", () => {
    expect(formatDateTime(date)).toBe('2025-01-05 09:03');
    expect(formatDateTime(date.toISOString())).toBe('2025-01-05 09:03');
  });

  it('formats the detail date in the medium format', () => {
    expect(formatMediumDate(date)).toMatch(/^Jan 5, 2025, 9:03:07\sAM$/);
  });

  it("shows '-' for a date it cannot read", () => {
    expect(formatDateTime('nonsense')).toBe('-');
    expect(formatMediumDate('nonsense')).toBe('-');
  });
});
