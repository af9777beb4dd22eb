import { useQuery } from '@tanstack/react-query';
import type { ShowcaseVideo } from '../../../../shared/schemas/showcase';
import { useTRPC } from '../../lib/trpc';

const NONE: ShowcaseVideo[] = [];

/** The videos an admin published, by place; empty while loading or when the list cannot be had. */
export function useShowcase() {
  const trpc = useTRPC();
  const published = useQuery(trpc.showcase.list.queryOptions(undefined, { staleTime: 60_000 }));
  const videos = published.data ?? NONE;
  return {
    isLoading: published.isLoading,
    carousel: videos.filter((video) => video.placement === 'carousel'),
    examples: videos.filter((video) => video.placement === 'example'),
  };
}
