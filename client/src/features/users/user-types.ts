import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/app/trpc-router';

/** A user as the admin screens receive it (id, username, email, role, company, private credits, suggestion). */
export type AdminUser = inferRouterOutputs<AppRouter>['users']['list'][number];
