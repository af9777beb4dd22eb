import { describe, expect, it } from 'vitest';
import { retentionDays } from './retention-form';

describe('the retention form', () => {
  it('sends null for forever and the whole days otherwise', () => {
    expect(retentionDays('forever', '')).toEqual({ days: null });
    expect(retentionDays('days', 90)).toEqual({ days: 90 });
    expect(retentionDays('days', '30')).toEqual({ days: 30 });
  });

  it('refuses what the server would refuse', () => {
    for (const bad of [0, -5, 2.5, '', 3651])
      expect(retentionDays('days', bad)).toEqual({ error: 'Enter a whole number of days from 1 to 3650' });
  });
});
