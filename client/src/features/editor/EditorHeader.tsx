import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import type { SubtitleFormat } from '../../../../shared/schemas/exports';
import type { SoftSubtitleFormat } from '../../../../shared/schemas/soft-subtitles';
import { SubtitleFormatsMenu } from '../videos/SubtitleFormatsMenu';
import { VersionsMenu, type VersionsMenuProps } from './VersionsMenu';

export interface EditorHeaderProps extends VersionsMenuProps {
  title: string;
  /** The draft's state in words ("Draft saved", "Unsaved changes", …) and its colour. */
  status: { label: string; color: string };
  onDownloadSrt: () => void;
  hasWordTimings: boolean;
  exporting: boolean;
  onExport: (format: SubtitleFormat) => void;
  /** The video with its saved subtitles as tracks (MKV, MP4). */
  onPickTracks?: (format: SoftSubtitleFormat) => void;
  /** The saved subtitles' SRT and WebVTT, every language, in one ZIP. */
  onPickZip?: () => void;
  revisions: { used: number; max: number };
  burningIn: boolean;
  onSaveAndBurnIn: () => void;
  onHelp: () => void;
  /** The subtitle style choice, beside the burn-in it takes effect with. */
  styleChoice?: ReactNode;
  /** Audio alone (issue 22): saving makes a new version and burns nothing. */
  audioOnly?: boolean;
  /** Once the free revisions are used, the button that buys a re-burn instead (ReburnPurchase.tsx). */
  reburn?: ReactNode;
}

/** "Save and burn in", or for audio alone, with no picture to burn into, "Save as new version". */
export function saveButtonLabel(audioOnly = false): string {
  return audioOnly ? 'Save as new version' : 'Save and burn in';
}

/** The video's title, the draft's state, versions, downloads and "Save and burn in". */
export const EditorHeader = memo(function EditorHeader({
  title,
  status,
  onDownloadSrt,
  hasWordTimings,
  exporting,
  onExport,
  onPickTracks,
  onPickZip,
  revisions,
  burningIn,
  onSaveAndBurnIn,
  onHelp,
  styleChoice,
  audioOnly = false,
  reburn,
  ...versions
}: EditorHeaderProps) {
  const usedUp = revisions.used >= revisions.max;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs">
        <Text fw={600}>{title}</Text>
        <Badge variant="light" color={status.color} role="status">
          {status.label}
        </Badge>
      </Group>
      <Group gap="xs">
        {styleChoice}
        <VersionsMenu {...versions} />
        <Button variant="default" size="xs" onClick={onDownloadSrt}>
          Download SRT
        </Button>
        <SubtitleFormatsMenu
          of={title}
          hasWordTimings={hasWordTimings}
          busy={exporting}
          onPick={onExport}
          audioOnly={audioOnly}
          onPickTracks={onPickTracks}
          onPickZip={onPickZip}
        />
        {usedUp && reburn ? (
          reburn
        ) : (
          <Tooltip
            label={
              usedUp
                ? audioOnly
                  ? 'Both free revisions are used: no new version can be saved.'
                  : 'Both free revisions are used: this video cannot be burned in again.'
                : `This uses 1 of your ${revisions.max} free revisions`
            }
          >
            <Button size="xs" disabled={usedUp} loading={burningIn} onClick={onSaveAndBurnIn}>
              {saveButtonLabel(audioOnly)}
            </Button>
          </Tooltip>
        )}
        <ActionIcon variant="default" aria-label="Keyboard shortcuts" onClick={onHelp}>
          <IconKeyboard size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
});
