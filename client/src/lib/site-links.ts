import { useQuery } from '@tanstack/react-query';
import { resolveSiteLinks, type SiteLinks } from '../../../shared/site-links';
import { useTRPC } from './trpc';

const FALLBACKS = resolveSiteLinks({});

/**
 * The addresses an admin set on /admin/links (help centre, support, social media). Until the server
 * answers, the product's own pages stand in and links without one stay hidden.
 */
export function useSiteLinks(): SiteLinks {
  const trpc = useTRPC();
  const query = useQuery(trpc.siteLinks.list.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  return query.data ?? FALLBACKS;
}

/** Whether an address is one of this product's routes, followed without leaving the app. */
export function isOwnRoute(address: string): boolean {
  return address.startsWith('/');
}
