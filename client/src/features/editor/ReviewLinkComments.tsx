import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_COMMENT_LENGTH } from '../../../../shared/schemas/comments';
import type { EditorDoc } from '../../../../shared/subtitles/editor/model';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { OpenComments } from './OpenComments';

/** A review link's holder has no live stream of the company: the comments are read again this often. */
const REVIEW_LINK_POLL_MS = 15_000;

/**
 * The comments of a review link's holder (issue 39): the open comments on the video's cues, and a
 * comment of theirs on the selected cue, signed with their name. Resolving stays with the company.
 */
export function ReviewLinkComments({
  token,
  cues,
  selectedId,
  onPick,
  canComment,
}: {
  token: string;
  cues: EditorDoc;
  selectedId: string | null;
  onPick: (id: string) => void;
  canComment: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const comments = useQuery({
    ...trpc.review.comments.queryOptions({ token }),
    refetchInterval: REVIEW_LINK_POLL_MS,
  });
  const add = useMutation(
    trpc.review.addComment.mutationOptions({
      onSuccess: async () => {
        setBody('');
        await queryClient.invalidateQueries({ queryKey: trpc.review.comments.queryKey({ token }) });
      },
    }),
  );
  const selectedIndex = cues.findIndex((cue) => cue.id === selectedId);
  const selected = cues[selectedIndex];
  const open = (comments.data ?? []).filter((comment) => comment.resolvedAt === null);

  return (
    <Paper withBorder p="xs" component="section" aria-label="Comments">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          Comments ({open.length} open)
        </Text>
        <OpenComments comments={open} cues={cues} onPick={onPick} />
        {canComment && selected && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              add.mutate({
                token,
                cueId: selected.id,
                startMs: selected.startMs,
                endMs: selected.endMs,
                body,
                name,
              });
            }}
          >
            <Stack gap="xs">
              <TextInput
                size="xs"
                label="Your name"
                maxLength={60}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
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
                <Button
                  size="xs"
                  type="submit"
                  loading={add.isPending}
                  disabled={body.trim() === '' || name.trim() === ''}
                >
                  Comment
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {add.error && (
          <Text size="xs" c="red" role="alert">
            {serverMessage(add.error, 'The comment could not be saved')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
