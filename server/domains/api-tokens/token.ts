import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { API_TOKEN_PREFIX } from '../../../shared/schemas/api-tokens';
import { sessionIdOf } from '../../http/session-token';

/** 160 random bits behind a recognisable prefix (secret scanners and the session hook both use it). */
export function generateApiToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return `${API_TOKEN_PREFIX}${encodeBase32LowerCaseNoPadding(bytes)}`;
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** Only the SHA-256 is stored, as for sessions: a leaked table opens no accounts. */
export const apiTokenHashOf = sessionIdOf;

/** Last-used time is written at most this often per token, so a busy script causes no write storm. */
export const LAST_USED_RESOLUTION_MS = 60_000;
