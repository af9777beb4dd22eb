import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { VIDEO_DELETION_TEXTS } from '../../../../shared/schemas/video-deletion';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { serverMessage } from '../auth/server-errors';

/** My Videos' row action: deletes the video after a confirmation that names it. */
export function DeleteVideoButton({ video }: { video: { id: number; title: string; filename: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const name = video.title || video.filename;
  const remove = useMutation(
    trpc.videos.delete.mutationOptions({
      onSuccess: async () => {
        setAsking(false);
        notifications.show({ color: 'green', message: VIDEO_DELETION_TEXTS.deleted(name) });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.videos.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.videos.count.queryKey() }),
        ]);
      },
      onError: (failure) => {
        setAsking(false);
        notifications.show({ color: 'red', message: serverMessage(failure, VIDEO_DELETION_TEXTS.failed) });
      },
    }),
  );
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={`Delete ${name}`}
        onClick={() => setAsking(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        opened={asking}
        title={VIDEO_DELETION_TEXTS.confirmTitle}
        question={VIDEO_DELETION_TEXTS.confirm(name)}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: video.id })}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
