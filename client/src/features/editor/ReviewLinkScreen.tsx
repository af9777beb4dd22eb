import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { COMMENT_TEXTS } from '../../../../shared/schemas/comments';
import { useTRPC } from '../../lib/trpc';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';

/**
 * /review/:token: a teammate's review link (issue 39), opened for the users of the video's company as
 * the read-only review of its subtitles.
 */
export function ReviewLinkScreen() {
  const trpc = useTRPC();
  const token = useParams().token ?? '';
  const link = useQuery({ ...trpc.comments.openReviewLink.queryOptions({ token }), retry: false });
  return (
    <Screen title="Review subtitles">
      <QueryState query={link} loading="Opening the review…" failed={COMMENT_TEXTS.linkGone}>
        {({ videoId }) => <Navigate to={`/videos/${videoId}/review`} replace />}
      </QueryState>
    </Screen>
  );
}
