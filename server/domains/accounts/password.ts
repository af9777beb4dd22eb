import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's recommended minimums (19 MiB, 2 iterations).
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * A hash of a random password nobody knows, made with ARGON2_OPTIONS (password.test.ts holds the two
 * together): checked against when the account does not exist, so that costs what a real check costs.
 */
export const HASH_OF_NO_ACCOUNT =
  '$argon2id$v=19$m=19456,t=2,p=1$a0n8VSD3O9tb/iGOAwkHWQ$2KVWEFOX+ytyUsrTsf26L/LHn226XLNeMg0KJNBWFk8';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The work of a password check for an address without an account; always false. */
export async function verifyWithoutAccount(password: string): Promise<false> {
  await verifyPassword(HASH_OF_NO_ACCOUNT, password);
  return false;
}
