import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '../app/trpc-router';

/**
 * A typed tRPC client for scripts and other services: every procedure with its input and output
 * types, authenticated with a personal API token (My Account › API tokens) or a session token (the
 * `jwt` of POST /api/auth/local).
 */
export function createApiClient(baseUrl: string, token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl.replace(/\/$/, '')}/trpc`,
        headers: () => ({ authorization: `Bearer ${token}` }),
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
