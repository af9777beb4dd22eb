import { describe, expect, it } from 'vitest';
import { dayLabel, euros, sumOf, taskLabel } from './figures';

describe('dashboard figures', () => {
  it('label a day short, in UTC', () => {
    expect(dayLabel('2026-03-03')).toBe('3 Mar');
    expect(dayLabel('2026-12-31')).toBe('31 Dec');
  });

  it('add fields over rows without floating-point dust', () => {
    const rows = [
      { a: 0.1, b: 0.2 },
      { a: 0.1, b: 0 },
    ];
    expect(sumOf(rows, 'a', 'b')).toBe(0.4);
    expect(sumOf(rows, 'a')).toBe(0.2);
    expect(sumOf([] as { a: number }[], 'a')).toBe(0);
  });

  it('write euros with cents, and steps in words', () => {
    expect(euros(1.5)).toBe('€1.50');
    expect(taskLabel('burn_in_video')).toBe('Burn-in');
    expect(taskLabel('something_new')).toBe('something_new');
  });
});
