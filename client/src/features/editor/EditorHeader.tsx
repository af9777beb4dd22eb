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
  /**
   * The name of the added language being edited (issue 40): saving makes a version of it, uses no
   * revision and burns nothing.
   */
  addedLanguage?: string;
  /** "Subtitle language": which of the video's languages is edited (issue 40). */
  languageSwitcher?: ReactNode;
}

/**
 * "Save and burn in", or "Save as new version" when nothing is burned: audio alone, with no picture
 * to burn into, or an added language, burned from My Videos.
 */
export function saveButtonLabel(audioOnly = false, addedLanguage = false): string {
  return audioOnly || addedLanguage ? 'Save as new version' : 'Save and burn in';
}

/** What the save button's tooltip says before it is pressed. */
export function saveButtonHint(
  revisions: { used: number; max: number },
  audioOnly: boolean,
  addedLanguage: string | undefined,
): string {
  if (addedLanguage)
    return `Saves a new version of the ${addedLanguage} subtitles: no revision is used and nothing is burned in.`;
  if (revisions.used < revisions.max) return `This uses 1 of your ${revisions.max} free revisions`;
  return audioOnly
    ? 'Both free revisions are used: no new version can be saved.'
    : 'Both free revisions are used: this video cannot be burned in again.';
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
  addedLanguage,
  languageSwitcher,
  ...versions
}: EditorHeaderProps) {
  const usedUp = revisions.used >= revisions.max && !addedLanguage;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs">
        <Text fw={600}>{title}</Text>
        <Badge variant="light" color={status.color} role="status">
          {status.label}
        </Badge>
        {languageSwitcher}
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
          <Tooltip label={saveButtonHint(revisions, audioOnly, addedLanguage)}>
            <Button size="xs" disabled={usedUp} loading={burningIn} onClick={onSaveAndBurnIn}>
              {saveButtonLabel(audioOnly, addedLanguage !== undefined)}
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
