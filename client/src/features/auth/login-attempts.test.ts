import { describe, expect, it } from 'vitest';
import { isLoginAttemptBlocked } from './login-attempts';

describe('isLoginAttemptBlocked', () => {
  it('lets the first five submits of a visit through and blocks the sixth and later', () => {
    expect([1, 2, 3, 4, 5].map(isLoginAttemptBlocked)).toEqual([false, false, false, false, false]);
    expect(isLoginAttemptBlocked(6)).toBe(true);
    expect(isLoginAttemptBlocked(12)).toBe(true);
  });
});
