import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { memo } from 'react';

export interface BurnInConfirmProps {
  opened: boolean;
  /** The button's words ("Save and burn in", or for audio "Save as new version"). */
  saveLabel: string;
  revisions: { used: number; max: number };
  audioOnly: boolean;
  /** The added language being edited, in words (issue 40): its version is made, nothing burned. */
  addedLanguage?: string;
  /** The new style in words when the burn-in changes it, else null. */
  newStyleInWords: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** The question before a burn-in uses a free revision. Its props stay the same while typing. */
export const BurnInConfirm = memo(function BurnInConfirm({
  opened,
  saveLabel,
  revisions,
  audioOnly,
  addedLanguage,
  newStyleInWords,
  onClose,
  onConfirm,
}: BurnInConfirmProps) {
  const revisionsLeft = revisions.max - revisions.used;
  return (
    <Modal opened={opened} onClose={onClose} title={saveLabel}>
      <Stack gap="sm">
        {addedLanguage ? (
          <Text size="sm">
            The {addedLanguage} subtitles become a new version. No revision is used and nothing is burned in:
            burn them in with “Burn in this language” in My Videos.
          </Text>
        ) : (
          <Text size="sm">
            This uses 1 of your {revisions.max} free revisions ({revisionsLeft} left). The subtitles become a
            new version
            {audioOnly
              ? ' (audio only: there is no video to burn them into)'
              : ` and the video is burned in again${newStyleInWords ? ` in ${newStyleInWords}` : ''}`}
            .
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>{saveLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
});

export interface LeaveEditorDialogProps {
  opened: boolean;
  onStay: () => void;
  onRetry: () => void;
  onLeave: () => void;
}

/** Asked when leaving the editor and its last changes could not be saved. */
export const LeaveEditorDialog = memo(function LeaveEditorDialog({
  opened,
  onStay,
  onRetry,
  onLeave,
}: LeaveEditorDialogProps) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave the editor?">
      <Stack gap="sm">
        <Text size="sm">Your last changes could not be saved.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay}>
            Stay
          </Button>
          <Button onClick={onRetry}>Try again and leave</Button>
          <Button color="red" variant="light" onClick={onLeave}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
});
