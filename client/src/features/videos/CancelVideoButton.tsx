import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { VIDEO_CANCEL_TEXTS } from '../../../../shared/schemas/video-cancellation';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { serverMessage } from '../auth/server-errors';

/**
 * My Videos' row action while a video is processing: stops it after a confirmation that names it
 * (`videos.cancel`). The video then shows as failed, refunded when nothing was delivered, and can be deleted.
 */
export function CancelVideoButton({ video }: { video: { id: number; title: string; filename: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const name = video.title || video.filename;
  const cancel = useMutation(
    trpc.videos.cancel.mutationOptions({
      onSuccess: async () => {
        setAsking(false);
        notifications.show({ color: 'green', message: VIDEO_CANCEL_TEXTS.done(name) });
        await queryClient.invalidateQueries({ queryKey: trpc.videos.list.queryKey() });
      },
      onError: (failure) => {
        setAsking(false);
        notifications.show({ color: 'red', message: serverMessage(failure, VIDEO_CANCEL_TEXTS.failed) });
      },
    }),
  );
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="orange"
        leftSection={<IconPlayerStop size={14} aria-hidden />}
        aria-label={`Cancel ${name}`}
        onClick={() => setAsking(true)}
      >
        {VIDEO_CANCEL_TEXTS.action}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={VIDEO_CANCEL_TEXTS.confirmTitle}
        question={VIDEO_CANCEL_TEXTS.confirm(name)}
        confirmLabel={VIDEO_CANCEL_TEXTS.confirmButton}
        dismissLabel={VIDEO_CANCEL_TEXTS.keepButton}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: video.id })}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
