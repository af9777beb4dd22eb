import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useState } from 'react';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { STATUS_POLL_MS, VIDEOS_INITIAL_SPINNER_MS, VIDEOS_PAGE_SIZE } from '../../../../shared/limits';
import type { SortOrder } from '../../../../shared/schemas/videos';
import { isAudioOnly } from '../../../../shared/video-status';
import { useLiveConnection, useLiveEvent } from '../../lib/live-events';
import { useTRPC } from '../../lib/trpc';
import { languageInProgress, rowLanguages } from './video-languages';
import { isProcessing, searchToApply } from './video-rows';

type VideoPageData = inferRouterOutputs<AppRouter>['videos']['list'];

/** PRODUCT.md §4: the videos screen shows a loading spinner for its first 2 seconds. */
function useInitialSpinner(): boolean {
  const [spinning, setSpinning] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setSpinning(false), VIDEOS_INITIAL_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return spinning;
}

/**
 * The page of My Videos on screen: search (applied when empty or ≥ 3 characters, back to page 1),
 * sort (default desc), page, and live status: refetched on the company's video events, or polled
 * every 2 seconds while the event stream is down and a row is still being processed.
 */
export function useVideosPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOrder>('desc');
  const [page, setPage] = useState(1);
  const initialSpinner = useInitialSpinner();

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.videos.list.queryKey() });
    // A language's state (issue 40) moves with the same events as its video's.
    void queryClient.invalidateQueries({ queryKey: trpc.videos.languages.queryKey() });
  }, [queryClient, trpc]);
  useLiveEvent(['video', 'listening'], refresh);
  const live = useLiveConnection();

  /**
   * The server answered an edited SRT by setting the row back to polling in that same request: show
   * it at once (the spinner, then the download again), whatever the stream or the refetch brings next.
   */
  const revisionStarted = useCallback(
    (videoId: number) => {
      queryClient.setQueriesData<VideoPageData>({ queryKey: trpc.videos.list.queryKey() }, (data) =>
        data
          ? {
              ...data,
              videos: data.videos.map((video) =>
                video.id === videoId
                  ? {
                      ...video,
                      // Audio alone has nothing to burn: only the count moves.
                      ...(isAudioOnly(video)
                        ? {}
                        : { hardcoded_status: 'polling' as const, hardcoded_progress: 0 }),
                      revisions: video.revisions + 1,
                    }
                  : video,
              ),
            }
          : data,
      );
      refresh();
    },
    [queryClient, trpc, refresh],
  );

  const query = useQuery(
    trpc.videos.list.queryOptions(
      { page, pageSize: VIDEOS_PAGE_SIZE, sort, search: search || undefined },
      {
        placeholderData: keepPreviousData,
        staleTime: 0,
        refetchInterval: (current) =>
          !live &&
          current.state.data?.videos.some(
            (video) => isProcessing(video) || rowLanguages(video).some(languageInProgress),
          )
            ? STATUS_POLL_MS
            : false,
      },
    ),
  );

  const changeSearchText = (text: string) => {
    setSearchText(text);
    const applied = searchToApply(text);
    if (applied === null || applied === search) return;
    setSearch(applied);
    setPage(1);
  };
  const toggleSort = () => {
    setSort((current) => (current === 'desc' ? 'asc' : 'desc'));
    setPage(1);
  };

  return {
    videos: query.data?.videos,
    total: query.data?.total ?? 0,
    page,
    setPage,
    sort,
    toggleSort,
    searchText,
    changeSearchText,
    clearSearch: () => changeSearchText(''),
    initialSpinner,
    /** A new page, sort or search is on its way (not a background refresh of the same one). */
    pageLoading: query.isPending || (query.isFetching && query.isPlaceholderData),
    isError: query.isError && !query.data,
    retry: () => void query.refetch(),
    refresh,
    revisionStarted,
    live,
  };
}
