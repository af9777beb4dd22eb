import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DIALOG_TRANSITION } from './dialog-transition';
import { formatMediumDate, isoDateTime } from './format-date';
import type { MessageRow } from './message-row';
import classes from './messages.module.css';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The 'Message Detail' dialog (PRODUCT.md §2): Title, Message (line breaks kept), Published At (medium date),
 * Close.
 */
export function MessageDetailDialog({
  message,
  onClose,
}: {
  message: MessageRow | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title="Message Detail"
      size="lg"
      transitionProps={DIALOG_TRANSITION}
    >
      {message && (
        <Stack gap="md">
          <Stack component="dl" gap="sm" m={0}>
            <Field label="Title">{message.title}</Field>
            <Field label="Message">
              <span className={classes.body}>{message.message}</span>
            </Field>
            <Field label="Published At">
              <time dateTime={isoDateTime(message.publishedAt)}>{formatMediumDate(message.publishedAt)}</time>
            </Field>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
