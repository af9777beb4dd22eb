import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used in its second half is extended: sliding expiry without a write per request. */
export const SESSION_RENEW_BEFORE_MS = SESSION_LIFETIME_MS / 2;

/** 160 random bits, as the Lucia guide recommends. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Only this hash is stored, so a leaked sessions table opens no accounts. */
export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
