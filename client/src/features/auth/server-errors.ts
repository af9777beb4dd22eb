import { isTRPCClientError, type TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../../../server/app/trpc-router';

/** Field-keyed messages from the server's zod input check (tRPC `data.fieldErrors`). */
export type FieldErrors = Partial<Record<string, string[] | undefined>>;

function appError(error: unknown): TRPCClientError<AppRouter> | null {
  return isTRPCClientError<AppRouter>(error) ? error : null;
}

/** The tRPC error code ('UNAUTHORIZED', 'CONFLICT', …), or undefined for a network failure. */
export function errorCode(error: unknown): string | undefined {
  return appError(error)?.data?.code;
}

export function fieldErrors(error: unknown): FieldErrors {
  return appError(error)?.data?.fieldErrors ?? {};
}

/**
 * The text to show for a failed call: the server's message (the texts of PRODUCT.md where it has one), the
 * first field message for a refused input, and `fallback` when the server could not be reached.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const trpcError = appError(error);
  if (!trpcError) return fallback;
  const firstFieldMessage = Object.values(fieldErrors(error)).find((messages) => messages?.length)?.[0];
  if (firstFieldMessage) return firstFieldMessage;
  // An input refusal without field errors carries zod's JSON; a server error has no message to show.
  if (trpcError.data?.code === 'BAD_REQUEST' && trpcError.message.startsWith('[')) return fallback;
  if (trpcError.data?.code === 'INTERNAL_SERVER_ERROR') return fallback;
  return trpcError.message || fallback;
}
