import { Alert, Button, List, Loader, LoadingOverlay, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_MESSAGES } from '../../../../shared/schemas/videos';
import { type Transfer, transferSummary } from './transfer-summary';
import type { UploadPhase } from './use-upload-flow';

/** Size, speed and time left, refreshed every second even between progress events. */
function TransferLine({ transfer }: { transfer: Transfer | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!transfer) return null;
  return (
    <Text size="sm" c="dimmed" ta="center" aria-label="Upload speed">
      {transferSummary(transfer, Math.max(now, transfer.startedAt))}
    </Text>
  );
}

/** PRODUCT.md §4: a progress bar while 0 < progress < 100, measured in bytes sent. */
export function UploadProgress({ progress }: { progress: number }) {
  if (progress <= 0 || progress >= 100) return null;
  return (
    <Stack gap={4} w="100%">
      <Progress value={progress} size="lg" striped animated aria-label="Upload progress" />
      <Text size="sm" ta="center" aria-hidden>
        {progress}%
      </Text>
    </Stack>
  );
}

/**
 * PRODUCT.md §2: 'Loading... Stay on this page until the file is uploaded' over the whole screen while the
 * file travels and while the server checks it; the progress bar sits inside it so it stays visible.
 */
export function UploadOverlay({
  phase,
  progress,
  transfer = null,
  onCancel,
}: {
  phase: UploadPhase;
  progress: number;
  transfer?: Transfer | null;
  onCancel?: () => void;
}) {
  const visible = phase === 'uploading' || phase === 'processing';
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 2, backgroundOpacity: 0.55 }}
      loaderProps={{
        children: (
          <Paper shadow="md" withBorder p="lg" w={{ base: 300, sm: 440 }}>
            <Stack align="center" gap="sm" role="status" aria-live="polite">
              <Loader size="md" aria-hidden />
              <Text fw={600} ta="center">
                {UPLOAD_MESSAGES.uploading}
              </Text>
              <UploadProgress progress={progress} />
              {phase === 'uploading' && <TransferLine transfer={transfer} />}
              {phase === 'uploading' && onCancel && (
                <Button variant="default" size="xs" onClick={onCancel}>
                  Cancel upload
                </Button>
              )}
            </Stack>
          </Paper>
        ),
      }}
    />
  );
}

/** PRODUCT.md §5: validation messages are shown as a list. */
export function UploadErrors({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" aria-label="Upload problems">
      <List size="sm" spacing={2}>
        {errors.map((error) => (
          <List.Item key={error}>{error}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** PRODUCT.md §4: 'Upload successful!' for the 3 seconds before /videos, scrolled into view so it is seen. */
export function UploadSuccess({ phase }: { phase: UploadPhase }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase === 'success') ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [phase]);
  if (phase !== 'success') return null;
  return (
    <Alert ref={ref} color="green" variant="light" icon={<IconCheck />} role="status">
      {UPLOAD_MESSAGES.uploadSuccessful}
    </Alert>
  );
}

/** The server saying a whole service is unavailable for now (503), with its own words. */
export function UploadUnavailable({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle />} title="Not available" role="alert">
      {message}
    </Alert>
  );
}
