import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** How often the server is asked while it detects a video's shot changes. */
const ASK_EVERY_MS = 3000;
const NONE: readonly number[] = [];

/**
 * The video's shot changes in ms (shotChanges.ofVideo), none until detected: the server queues the
 * detection of a video it has not done yet, and the editor asks again every few seconds until it has.
 */
export function useShotChanges(videoId: number): readonly number[] {
  const trpc = useTRPC();
  const { data } = useQuery(
    trpc.shotChanges.ofVideo.queryOptions(
      { id: videoId },
      {
        refetchInterval: (query) => (query.state.data?.status === 'detecting' ? ASK_EVERY_MS : false),
        refetchOnWindowFocus: false,
      },
    ),
  );
  // None found keeps the same empty list: the rules and the waveform have nothing new to draw.
  return data?.status === 'ready' && data.timesMs.length > 0 ? data.timesMs : NONE;
}
