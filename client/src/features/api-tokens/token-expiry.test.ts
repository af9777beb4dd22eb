import { describe, expect, it } from 'vitest';
import { EXPIRY_OPTIONS, expiresInDays, expiryText, NEVER } from './token-expiry';

describe('API token expiry choices', () => {
  it('offers the fixed periods and never', () => {
    expect(EXPIRY_OPTIONS.map((option) => option.label)).toEqual([
      '7 days',
      '30 days',
      '90 days',
      '365 days',
      'Never',
    ]);
    expect(expiresInDays('30')).toBe(30);
    expect(expiresInDays(NEVER)).toBeNull();
  });

  it('marks tokens that never expire or have expired', () => {
    const now = Date.parse('2026-01-02T00:00:00Z');
    expect(expiryText(null, now)).toBe('Never');
    expect(expiryText('2026-01-01T00:00:00Z', now)).toBe('Expired');
    expect(expiryText('2026-02-01T00:00:00Z', now)).toBe('');
  });
});
