import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/app/trpc-router';

/** One message as messages.list sends it (dates arrive as ISO text). */
export type MessageRow = inferRouterOutputs<AppRouter>['messages']['list']['messages'][number];
