import { describe, expect, it } from 'vitest';
import { formatMediumDate, isoDateTime } from './format-date';

// Intl may put a narrow no-break space before AM/PM; compare what a reader sees.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMediumDate', () => {
  it('shows the medium date format of PRODUCT.md §2: month, day, year and the time with seconds', () => {
    expect(plain(formatMediumDate('2025-06-15T21:03:01Z', 'UTC'))).toBe('Jun 15, 2025, 9:03:01 PM');
  });

  it('uses the given time zone', () => {
    expect(plain(formatMediumDate(new Date('2025-01-01T00:30:00Z'), 'Europe/Amsterdam'))).toBe(
      'Jan 1, 2025, 1:30:00 AM',
    );
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatMediumDate('not a date')).toBe('');
    expect(isoDateTime('not a date')).toBeUndefined();
  });
});
