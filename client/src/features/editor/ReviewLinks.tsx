import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { serverMessage } from '../auth/server-errors';

interface LiveLink {
  id: number;
  createdAt: string | Date;
  expiresAt: string | Date;
  createdBy: string | null;
}

const madeBy = (link: LiveLink) =>
  `Made ${formatDateTime(link.createdAt)}${link.createdBy ? ` by ${link.createdBy}` : ''}`;

/**
 * The video's review links (issue 39): a new one to send to someone without an account, and the
 * ones that still open the review, each named by when and by whom it was made (its address is
 * shown once, when made), each withdrawn after a question.
 */
export function ReviewLinks({ videoId }: { videoId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<LiveLink | null>(null);
  const live = useQuery(trpc.comments.reviewLinks.queryOptions({ videoId }));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.comments.reviewLinks.queryKey({ videoId }) });
  const create = useMutation(trpc.comments.createReviewLink.mutationOptions({ onSuccess: refresh }));
  const withdraw = useMutation(
    trpc.comments.withdrawReviewLink.mutationOptions({
      onSuccess: async () => {
        setWithdrawing(null);
        create.reset();
        await refresh();
      },
      onError: async () => {
        setWithdrawing(null);
        await refresh();
      },
    }),
  );
  const failure = create.error ?? withdraw.error;

  return (
    <Stack gap={4} component="section" aria-label="Review links">
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Anyone with a review link can read the subtitles and comment for 7 days, without an account.
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          loading={create.isPending}
          onClick={() => create.mutate({ videoId })}
        >
          Review link
        </Button>
      </Group>
      {create.data && (
        <Group gap="xs" wrap="nowrap">
          <TextInput
            size="xs"
            readOnly
            aria-label="Review link to share"
            value={create.data.url}
            style={{ flex: 1 }}
          />
          <CopyButton value={create.data.url}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      {(live.data?.length ?? 0) > 0 && (
        <Stack
          gap={2}
          component="ul"
          aria-label="Live review links"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {live.data?.map((link) => (
            <li key={link.id}>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text size="xs">
                  {madeBy(link)}, open until {formatDateTime(link.expiresAt)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`Withdraw the link ${madeBy(link).toLowerCase()}`}
                  onClick={() => setWithdrawing(link)}
                >
                  Withdraw
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {failure && (
        <Text size="xs" c="red" role="alert">
          {serverMessage(failure, 'The review link could not be changed')}
        </Text>
      )}
      <ConfirmDialog
        opened={withdrawing !== null}
        title="Withdraw review link"
        question={
          withdrawing
            ? `${madeBy(withdrawing)}. Whoever has this link will no longer be able to read the subtitles or comment. Their comments so far stay. Withdraw it?`
            : ''
        }
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onConfirm={() => withdrawing && withdraw.mutate({ id: withdrawing.id })}
        onCancel={() => setWithdrawing(null)}
      />
    </Stack>
  );
}
