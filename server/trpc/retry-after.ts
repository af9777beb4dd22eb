import type { TRPCError } from '@trpc/server';
import { TooManyRequests } from '../errors';

/**
 * A tRPC answer refused by a budget tells when to try again (Retry-After), as the REST answers do
 * (http/errors.ts); in a batch, the longest wait of its refused calls.
 */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Headers } {
  const waits = errors.flatMap((error) =>
    error.cause instanceof TooManyRequests && error.cause.retryAfterSeconds
      ? [error.cause.retryAfterSeconds]
      : [],
  );
  return waits.length > 0 ? { headers: new Headers({ 'retry-after': String(Math.max(...waits)) }) } : {};
}
