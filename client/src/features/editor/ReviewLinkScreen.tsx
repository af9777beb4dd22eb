import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { COMMENT_TEXTS } from '../../../../shared/schemas/comments';
import { docFromCues } from '../../../../shared/subtitles/editor/model';
import { parseSrt } from '../../../../shared/subtitles/srt-parse';
import { useTRPC } from '../../lib/trpc';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';
import { ReviewCueTable } from './ReviewCueTable';
import { ReviewLinkComments } from './ReviewLinkComments';

type Review = inferRouterOutputs<AppRouter>['review']['open'];

function LinkReview({ token, review }: { token: string; review: Review }) {
  const cues = useMemo(() => docFromCues(parseSrt(review.srt)), [review]);
  const [selectedId, setSelectedId] = useState<string | null>(cues[0]?.id ?? null);
  return (
    <Stack gap="xs">
      <Alert color="blue" variant="light" p="xs">
        Review of the subtitles of “{review.video.title}”: read them and comment on a cue. The team changes
        the subtitles in its editor.
      </Alert>
      <ReviewCueTable cues={cues} selectedId={selectedId} onPick={setSelectedId} />
      <ReviewLinkComments
        token={token}
        cues={cues}
        selectedId={selectedId}
        onPick={setSelectedId}
        canComment={review.permissions.includes('addComments')}
      />
    </Stack>
  );
}

/**
 * /review/:token: a review link (issue 39), for whoever holds it, signed in or not: the video's latest
 * subtitles and their comments, and a comment of one's own. Nothing else of the company is reached.
 */
export function ReviewLinkScreen() {
  const trpc = useTRPC();
  const token = useParams().token ?? '';
  const review = useQuery({ ...trpc.review.open.queryOptions({ token }), retry: false });
  return (
    <Screen title="Review subtitles">
      <QueryState query={review} loading="Opening the review…" failed={COMMENT_TEXTS.linkGone}>
        {(opened) => <LinkReview token={token} review={opened} />}
      </QueryState>
    </Screen>
  );
}
