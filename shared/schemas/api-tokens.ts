import { z } from 'zod';
import { numeric } from './numbers';

/** Every API token starts with this, so the session hook knows to look in api_tokens, not sessions. */
export const API_TOKEN_PREFIX = 'sbt_';

/** The expiry choices of the token screen; null never expires. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const apiTokenCreate = z.object({
  name: z.string().trim().min(1, 'Give the token a name, e.g. "Nightly report"').max(100),
  expiresInDays: numeric(z.number().int().min(1).max(3650)).nullable(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreate>;

export const apiTokenRevoke = z.object({ id: numeric(z.number().int().positive()) });

export const API_TOKEN_MESSAGES = {
  created: 'Token created. Copy it now: it is shown only this once.',
  revoked: 'Token revoked. Scripts using it are refused from now on.',
  confirmRevoke: (name: string) => `Revoke the token "${name}"? Scripts using it stop working at once.`,
  notFromToken: 'API tokens are managed from a logged-in browser, not with another token.',
} as const;
