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
  /** What a script hears when its token asks for something only a signed-in person may do. */
  signInToChange:
    'API tokens cannot change the password, e-mail or username, API tokens, team roles or company membership; sign in to do that.',
} as const;
