import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, HASH_OF_NO_ACCOUNT, hashPassword } from '../accounts/password';

describe('the hash checked for an unknown account', () => {
  it('has the cost of a real one: made with the same Argon2id options', async () => {
    const real = await hashPassword('Secret-pass1!');
    const parameters = (hashed: string) => hashed.split('$').slice(1, 4).join('$');
    expect(parameters(HASH_OF_NO_ACCOUNT)).toBe(parameters(real));
    expect(parameters(real)).toBe(
      `argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`,
    );
  });
});
