import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { commentAuthor } from './comment-author';
import { formatCueTime } from './time-text';
import type { TimedCue } from './Waveform';

interface Anchored {
  cueId: string;
  startMs: number;
  endMs: number;
}

/** A comment as the list shows it: where it is, who wrote it and what. */
export interface ListedComment extends Anchored {
  id: number;
  body: string;
  author: string | null;
  guestName: string | null;
}

/**
 * The cue a comment is about: the one with its id when it still covers its time (ids live one editing
 * session), else the cue holding its start, else none (the cue was deleted).
 */
export function cueOfComment(cues: readonly TimedCue[], comment: Anchored): number {
  const byId = cues.findIndex(
    (cue) => cue.id === comment.cueId && cue.startMs < comment.endMs && cue.endMs > comment.startMs,
  );
  if (byId >= 0) return byId;
  return cues.findIndex((cue) => cue.startMs <= comment.startMs && comment.startMs < cue.endMs);
}

/**
 * The open comments, each led by a link to its cue (or its time, once the cue is gone), for the
 * company's editor and a review link's holder alike; `actions` adds what the reader may do to one.
 */
export function OpenComments<C extends ListedComment>({
  comments,
  cues,
  onPick,
  actions,
}: {
  comments: readonly C[];
  cues: readonly TimedCue[];
  onPick: (id: string) => void;
  actions?: (comment: C) => ReactNode;
}) {
  return (
    <Stack
      gap={4}
      component="ul"
      aria-label="Open comments"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {comments.map((comment) => {
        const index = cueOfComment(cues, comment);
        const cue = cues[index];
        return (
          <li key={comment.id}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="xs">
                {cue ? (
                  <Anchor component="button" type="button" size="xs" onClick={() => onPick(cue.id)}>
                    Cue {index + 1}
                  </Anchor>
                ) : (
                  `At ${formatCueTime(comment.startMs)}`
                )}{' '}
                · {commentAuthor(comment)}: {comment.body}
              </Text>
              {actions?.(comment)}
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
