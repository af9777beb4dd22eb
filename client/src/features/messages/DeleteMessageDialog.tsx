import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_TEXTS } from '../../../../shared/schemas/messages';
import { useTRPC } from '../../lib/trpc';
import { DIALOG_TRANSITION } from './dialog-transition';
import type { MessageRow } from './message-row';

/** Asks the confirmation of PRODUCT.md §5 before deleting; the message goes only on 'Delete'. */
export function DeleteMessageDialog({
  message,
  onClose,
}: {
  message: MessageRow | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.messages.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.messages.pathFilter());
        onClose();
      },
    }),
  );
  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <Modal
      opened={message !== null}
      onClose={close}
      title="Delete message"
      transitionProps={DIALOG_TRANSITION}
    >
      {message && (
        <Stack gap="md">
          <Text>{MESSAGE_TEXTS.confirmDelete}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {message.title}
          </Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              The message could not be deleted. Please try again.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: message.id })}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
