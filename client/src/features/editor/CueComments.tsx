import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { MAX_COMMENT_LENGTH } from '../../../../shared/schemas/comments';
import { useLiveConnection, useLiveEvent } from '../../lib/live-events';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { commentAuthor } from './comment-author';
import { OpenComments } from './OpenComments';
import { ReviewLinks } from './ReviewLinks';
import type { TimedCue } from './Waveform';

/**
 * How often the comments of teammates are read again while the company's event stream is down; while
 * it is up, each comment added or resolved is pushed and read at once.
 */
const COMMENTS_FALLBACK_POLL_MS = 15_000;

interface CueCommentsProps {
  videoId: number;
  /** The cues' ids and times: a comment is anchored by them, never by the text. */
  cues: readonly TimedCue[];
  selectedId: string | null;
  onPick: (id: string) => void;
}

/**
 * Review with teammates (issue 39): the company's comments on the cues, read again as soon as a
 * teammate adds or resolves one (the company's live events; polled only while they are down), a
 * comment on the selected cue, resolving one, and the review links that share the video (ReviewLinks).
 */
export const CueComments = memo(function CueComments({
  videoId,
  cues,
  selectedId,
  onPick,
}: CueCommentsProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const live = useLiveConnection();
  const comments = useQuery({
    ...trpc.comments.list.queryOptions({ videoId }),
    refetchInterval: live ? false : COMMENTS_FALLBACK_POLL_MS,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.comments.list.queryKey({ videoId }) });
  useLiveEvent(['comment', 'listening'], (signal) => {
    if (signal.type === 'listening' || signal.videoId === videoId) void refresh();
  });
  const add = useMutation(
    trpc.comments.add.mutationOptions({
      onSuccess: async () => {
        setBody('');
        await refresh();
      },
    }),
  );
  const resolve = useMutation(trpc.comments.resolve.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.comments.remove.mutationOptions({ onSuccess: refresh }));

  const selectedIndex = cues.findIndex((cue) => cue.id === selectedId);
  const selected = cues[selectedIndex];
  const open = (comments.data ?? []).filter((comment) => comment.resolvedAt === null);
  const resolvedCount = (comments.data?.length ?? 0) - open.length;
  const failure = add.error ?? resolve.error ?? remove.error;

  return (
    <Paper withBorder p="xs" component="section" aria-label="Comments">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          Comments ({open.length} open{resolvedCount > 0 ? `, ${resolvedCount} resolved` : ''})
        </Text>
        <ReviewLinks videoId={videoId} />
        <OpenComments
          comments={open}
          cues={cues}
          onPick={onPick}
          actions={(comment) => (
            <Group gap={2} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={`Resolve the comment of ${commentAuthor(comment)}: ${comment.body}`}
                onClick={() => resolve.mutate({ id: comment.id })}
              >
                Resolve
              </Button>
              {comment.mine && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`Remove your comment: ${comment.body}`}
                  onClick={() => remove.mutate({ id: comment.id })}
                >
                  Remove
                </Button>
              )}
            </Group>
          )}
        />
        {selected && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              add.mutate({
                videoId,
                cueId: selected.id,
                startMs: selected.startMs,
                endMs: selected.endMs,
                body,
              });
            }}
          >
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Textarea
                size="xs"
                autosize
                maxRows={4}
                maxLength={MAX_COMMENT_LENGTH}
                label={`Comment on cue ${selectedIndex + 1}`}
                value={body}
                onChange={(event) => setBody(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button size="xs" type="submit" loading={add.isPending} disabled={body.trim() === ''}>
                Comment
              </Button>
            </Group>
          </form>
        )}
        {failure && (
          <Text size="xs" c="red" role="alert">
            {serverMessage(failure, 'The comment could not be saved')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
});
