import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { RESUMABLE_TEXTS } from '../../../../shared/schemas/resumable-upload';
import { findPreviousUpload, type PreviousUpload, type UploadMode } from './send-resumable-upload';

/**
 * An unfinished upload of the chosen file in this mode (stopped by a lost connection, a closed tab
 * or Cancel), looked for again whenever the form is idle with a file chosen.
 */
export function usePreviousUpload(
  mode: UploadMode,
  video: File | null,
  busy: boolean,
): PreviousUpload | null {
  const [previous, setPrevious] = useState<PreviousUpload | null>(null);
  useEffect(() => {
    setPrevious(null);
    if (!video || busy) return;
    let current = true;
    findPreviousUpload(mode, video)
      .then((found) => {
        if (current) setPrevious(found);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [mode, video, busy]);
  return previous;
}

/** Offers to send only the rest of an earlier upload of the same file. */
export function ResumeUploadOffer({
  previous,
  onResume,
  disabled,
}: {
  previous: PreviousUpload | null;
  onResume: () => void;
  disabled?: boolean;
}) {
  if (!previous) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconRefresh aria-hidden />}
      role="status"
      aria-label="Unfinished upload"
    >
      <Stack gap="xs">
        <Text size="sm">{RESUMABLE_TEXTS.found(previous.percent)}</Text>
        <Group>
          <Button
            size="xs"
            onClick={onResume}
            disabled={disabled}
            leftSection={<IconRefresh size={16} aria-hidden />}
          >
            {RESUMABLE_TEXTS.resume}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
