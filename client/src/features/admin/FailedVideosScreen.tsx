import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { type Column, DataTable } from '../../ui/DataTable';
import { Screen } from '../../ui/Screen';

type FailedVideo = inferRouterOutputs<AppRouter>['videos']['failed'][number];

/** /admin/videos/failed: what failed, what the customer read, the technical cause, and a retry. */
export function FailedVideosScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const failed = useQuery(trpc.videos.failed.queryOptions());
  const retry = useMutation(
    trpc.videos.retry.mutationOptions({
      onSuccess: (result, { id }) => {
        notifications.show({ message: `Video ${id} is being made again, from the ${result.restartedFrom}.` });
        void queryClient.invalidateQueries({ queryKey: trpc.videos.failed.queryKey() });
      },
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    }),
  );

  const columns: Column<FailedVideo>[] = [
    { label: 'Failed', render: (video) => formatDateTime(video.failedAt) },
    {
      label: 'Video',
      render: (video) => (
        <Stack gap={0}>
          <Text size="sm">
            {video.title}{' '}
            <Text span size="xs" c="dimmed">
              #{video.id}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {video.companyName} · {video.mode}
          </Text>
        </Stack>
      ),
    },
    {
      label: 'The customer read',
      render: (video) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{video.failureReason ?? '-'}</Text>
          {video.refunded && (
            <Badge size="xs" color="gray" variant="light">
              refunded
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      label: 'Technical cause',
      render: (video) => (
        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {video.failureCause ?? '-'}
        </Text>
      ),
    },
    {
      label: 'Actions',
      actions: true,
      render: (video) => (
        <Button
          size="xs"
          variant="light"
          aria-label={`Retry ${video.title} (#${video.id})`}
          loading={retry.isPending && retry.variables?.id === video.id}
          onClick={() => retry.mutate({ id: video.id })}
        >
          Retry
        </Button>
      ),
    },
  ];

  return (
    <Screen title="Failed videos">
      <Text size="sm" c="dimmed" mb="md">
        A retry runs the video again from the step that failed and charges nothing; a refund given stands.
      </Text>
      <DataTable
        caption="Failed videos"
        columns={columns}
        rows={failed.data}
        rowKey={(video) => video.id}
        isLoading={failed.isLoading}
        error={failed.error?.message}
        empty="No video has failed."
      />
    </Screen>
  );
}
