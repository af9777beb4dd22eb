import { RESET_PASSWORD_ALPHABET, RESET_PASSWORD_LENGTH } from '../../../../shared/limits';

export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

const browserRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/**
 * The suggested password of PRODUCT.md §6: 9 characters from letters, digits and !@#$%^&*(). Bytes at or
 * above the largest multiple of the alphabet's size are skipped, so every character is equally likely.
 */
export function generateResetPassword(random: RandomBytes = browserRandom): string {
  const size = RESET_PASSWORD_ALPHABET.length;
  const limit = 256 - (256 % size);
  let password = '';
  while (password.length < RESET_PASSWORD_LENGTH) {
    for (const byte of random(new Uint8Array(RESET_PASSWORD_LENGTH * 2))) {
      if (byte < limit && password.length < RESET_PASSWORD_LENGTH) {
        password += RESET_PASSWORD_ALPHABET[byte % size];
      }
    }
  }
  return password;
}
