import { ActionIcon, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { VIDEO_TEXTS } from '../../../../shared/schemas/videos';
import type { VideoStatus } from '../../../../shared/video-status';

export function ProcessingSpinner({ progress, what }: { progress: number; what: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label={percent > 0 ? `${what}: ${percent}%` : what}>
      <Loader size="xs" aria-hidden />
      {percent > 0 && (
        <Text size="sm" c="dimmed" aria-hidden>
          {percent}%
        </Text>
      )}
    </Group>
  );
}

/** PRODUCT.md §2: a failed status is an error icon whose tooltip toggles on click. */
export function FailureIcon({ text, reason }: { text: string; reason: string | null }) {
  const [opened, setOpened] = useState(false);
  const label = reason ? `${text} ${reason}` : text;
  return (
    <Tooltip
      label={
        <>
          <Text size="sm" fw={600} inherit>
            {text}
          </Text>
          {reason && (
            <Text size="xs" inherit>
              {reason}
            </Text>
          )}
        </>
      }
      opened={opened}
      multiline
      w={260}
      withArrow
      events={{ hover: false, focus: false, touch: false }}
    >
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={label}
        aria-expanded={opened}
        onClick={() => setOpened((open) => !open)}
        onBlur={() => setOpened(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpened(false);
        }}
      >
        <IconAlertCircle aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

export interface StatusCellProps {
  status: VideoStatus;
  progress: number;
  failureReason: string | null;
  /** What is made, for screen readers: 'hardcoded video' or 'SRT'. */
  what: string;
  failedText: string;
  downloadLabel: string;
  downloading: boolean;
  onDownload: () => void;
}

/** polling → spinner with the percent; completed → download button; failed → error icon. */
export function StatusCell(props: StatusCellProps) {
  if (props.status === 'polling') {
    return <ProcessingSpinner progress={props.progress} what={`Making the ${props.what}`} />;
  }
  if (props.status === 'failed') return <FailureIcon text={props.failedText} reason={props.failureReason} />;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden />}
      aria-label={props.downloadLabel}
      loading={props.downloading}
      onClick={props.onDownload}
    >
      Download
    </Button>
  );
}

export const FAILED_TEXTS = { hardcoded: VIDEO_TEXTS.hardcodedFailed, srt: VIDEO_TEXTS.srtFailed } as const;
