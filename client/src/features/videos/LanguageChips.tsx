import { Anchor, Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import { LANGUAGE_TEXTS } from '../../../../shared/schemas/video-languages';
import { useTRPC } from '../../lib/trpc';
import { languageName } from '../upload/upload-choices';
import {
  BURN_OUTDATED_HINT,
  burnChoice,
  burnItemLabel,
  chipColor,
  chipLabel,
  chipText,
  editorPath,
  type LanguageChipView,
  rowLanguages,
  withDetails,
} from './video-languages';
import type { VideoRowView } from './video-rows';

export interface LanguageActions {
  /** "Add a language" for the row, or for one failed language to add again. */
  onAdd: (video: VideoRowView, language?: OutputLanguage) => void;
  onBurn: (video: VideoRowView, chip: LanguageChipView) => void;
  onDownloadSrt: (video: VideoRowView, language: OutputLanguage) => void;
  onDownloadBurned: (video: VideoRowView, language: OutputLanguage) => void;
}

/** One added language: a chip that opens its menu (edit, download, burn; why it failed). */
function LanguageChip({
  video,
  chip: listed,
  actions,
}: {
  video: VideoRowView;
  chip: LanguageChipView;
  actions: LanguageActions;
}) {
  const trpc = useTRPC();
  const name = OUTPUT_LANGUAGES[listed.language];
  const label = chipLabel(listed);
  const [opened, setOpened] = useState(false);
  // The burn's price and what the list's row leaves out (why it failed, an outdated burn), asked when
  // the menu opens.
  const details = useQuery(trpc.videos.languages.queryOptions({ id: video.id }, { enabled: opened }));
  const chip = withDetails(listed, details.data?.languages);
  const choice = burnChoice(chip);
  return (
    // Opened by keyboard, the focus goes to the first item (no placeholder, which a menu may not hold).
    <Menu
      position="bottom-start"
      withinPortal
      opened={opened}
      onChange={setOpened}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="light"
          color={chipColor(listed)}
          rightSection={<IconChevronDown size={12} aria-hidden />}
          aria-label={`${label}: ${name} subtitles of ${video.filename}`}
        >
          {chipText(listed)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {chip.status === 'translating' && <Menu.Label>Being translated…</Menu.Label>}
        {chip.status === 'failed' && (
          <>
            <Menu.Label maw={260} style={{ whiteSpace: 'normal' }}>
              {chip.failureReason ?? LANGUAGE_TEXTS.translationFailed}
            </Menu.Label>
            <Menu.Item onClick={() => actions.onAdd(video, chip.language)}>Add {name} again</Menu.Item>
          </>
        )}
        {chip.status === 'ready' && (
          <>
            <Menu.Item component={Link} to={editorPath(video.id, chip.language)}>
              Edit {name} subtitles
            </Menu.Item>
            <Menu.Item onClick={() => actions.onDownloadSrt(video, chip.language)}>
              Download {name} SRT
            </Menu.Item>
            {chip.burnStatus === 'ready' && (
              <Menu.Item onClick={() => actions.onDownloadBurned(video, chip.language)}>
                {LANGUAGE_TEXTS.downloadBurned}
              </Menu.Item>
            )}
            {chip.burnOutdated && chip.burnStatus === 'ready' && (
              <Menu.Label maw={260} style={{ whiteSpace: 'normal' }}>
                {BURN_OUTDATED_HINT}
              </Menu.Label>
            )}
            {choice === 'burning' && <Menu.Label>Being burned in…</Menu.Label>}
            {chip.burnStatus === 'failed' && (
              <Menu.Label maw={260} style={{ whiteSpace: 'normal' }}>
                {chip.burnFailureReason ?? LANGUAGE_TEXTS.burnFailed}
              </Menu.Label>
            )}
            {(choice === 'burn' || choice === 'reburn') && (
              <Menu.Item onClick={() => actions.onBurn(video, chip)}>
                {burnItemLabel(choice, details.data?.burnPriceCents)}
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The Output cell (issue 40): the video's own language, then a chip per added language with its
 * state, live as the row's status is; stacked, so the column stays narrow.
 */
export function LanguageChips({ video, actions }: { video: VideoRowView; actions: LanguageActions }) {
  const own = languageName(video.ownLanguage ?? video.out_lan);
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" inherit>
        {own || '—'}
      </Text>
      {rowLanguages(video).map((chip) => (
        <LanguageChip key={chip.language} video={video} chip={chip} actions={actions} />
      ))}
    </Stack>
  );
}

/** "Add a language", once the video's subtitles are done (beside "Edit subtitles"). */
export function AddLanguageButton({ video, actions }: { video: VideoRowView; actions: LanguageActions }) {
  if (video.srt_status !== 'completed') return null;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      aria-label={`${LANGUAGE_TEXTS.addLanguage} to ${video.filename}`}
      onClick={() => actions.onAdd(video)}
    >
      {LANGUAGE_TEXTS.addLanguage}
    </Anchor>
  );
}
