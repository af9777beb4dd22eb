import { useQuery } from '@tanstack/react-query';
import type { ContentPage } from '../../../../shared/content';
import { useTRPC } from '../../lib/trpc';

/** Title and html of a public page from the content service. */
export function useContentPage(page: ContentPage) {
  const trpc = useTRPC();
  return useQuery(trpc.content.page.queryOptions({ page }, { staleTime: 5 * 60_000 }));
}
