import { QueryClient } from '@tanstack/react-query';
import {
  createTRPCClient,
  httpBatchLink,
  httpSubscriptionLink,
  isTRPCClientError,
  splitLink,
} from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../../server/app/trpc-router';
import { MAX_TRPC_BATCH_CALLS } from '../../../shared/limits';
import { sameOriginFetch } from './same-origin-fetch';

const TRPC_URL = '/trpc';

/** Components use `useTRPC()`; new server routers show up here through the `AppRouter` type alone. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx (not found, forbidden, bad input) will not get better by asking again.
        retry: (failureCount, error) => {
          const status = isTRPCClientError(error) ? error.data?.httpStatus : undefined;
          if (typeof status === 'number' && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        // Subscriptions (live video status) go over server-sent events; the rest is batched HTTP.
        condition: (operation) => operation.type === 'subscription',
        true: httpSubscriptionLink({ url: TRPC_URL, eventSourceOptions: { withCredentials: true } }),
        // The server refuses a longer batch (server/http/trpc-batch-cap.ts).
        false: httpBatchLink({ url: TRPC_URL, fetch: sameOriginFetch, maxItems: MAX_TRPC_BATCH_CALLS }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/** The browser's single instances; the providers hand them to React. */
export const queryClient = createQueryClient();
export const trpcClient = createTrpcClient();

/** Query options outside components (route loaders, prefetching, invalidation after logout). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
