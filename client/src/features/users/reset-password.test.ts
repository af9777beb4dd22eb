import { describe, expect, it } from 'vitest';
import { RESET_PASSWORD_ALPHABET, RESET_PASSWORD_LENGTH } from '../../../../shared/limits';
import { generateResetPassword } from './reset-password';

describe('generateResetPassword', () => {
  it('suggests 9 characters from letters, digits and !@#$%^&*()', () => {
    for (let run = 0; run < 200; run += 1) {
      const password = generateResetPassword();
      expect(password).toHaveLength(RESET_PASSWORD_LENGTH);
      for (const character of password) expect(RESET_PASSWORD_ALPHABET).toContain(character);
    }
  });

  it('skips bytes that would favour the first characters of the alphabet', () => {
    const size = RESET_PASSWORD_ALPHABET.length;
    const biased = 256 - (256 % size);
    // First all "biased" bytes, then the byte for index 1 ('B').
    const password = generateResetPassword((bytes) => bytes.fill(biased).fill(1, bytes.length - 9));
    expect(password).toBe('B'.repeat(RESET_PASSWORD_LENGTH));
  });

  it('differs from one call to the next', () => {
    expect(new Set(Array.from({ length: 20 }, () => generateResetPassword())).size).toBeGreaterThan(15);
  });
});
