import { Button, Menu } from '@mantine/core';
import type { SubtitleFormat } from '../../../../shared/schemas/exports';
import { SOFT_SUBTITLE_LABELS, type SoftSubtitleFormat } from '../../../../shared/schemas/soft-subtitles';
import { SUBTITLE_FILE_TYPES } from '../../../../shared/subtitles/subtitle-files';

/** The formats beside the SRT download (PRODUCT.md §2 keeps the SRT link itself as it is). */
const MORE_FORMATS = ['vtt', 'ass', 'txt', 'timed-txt', 'words-json'] as const satisfies SubtitleFormat[];

export const SUBTITLES_ZIP_LABEL = 'SRT and WebVTT, every language (.zip)';

/** The video with its subtitles as tracks: audio alone comes as Matroska audio only. */
export function softSubtitleChoices(audioOnly: boolean): { format: SoftSubtitleFormat; label: string }[] {
  return audioOnly
    ? [{ format: 'mkv', label: 'Audio with subtitle tracks (MKA)' }]
    : (['mkv', 'mp4'] as const).map((format) => ({ format, label: SOFT_SUBTITLE_LABELS[format] }));
}

/**
 * A compact menu of the other subtitle formats. Word timings are offered only where the speech engine
 * made them (generated subtitles). With `onPickTracks`, also the video with its subtitles as tracks.
 */
export function SubtitleFormatsMenu({
  of,
  hasWordTimings,
  busy = false,
  onPick,
  audioOnly = false,
  onPickTracks,
  onPickZip,
}: {
  /** What the subtitles belong to, for the button's accessible name: "More formats for <of>". */
  of: string;
  hasWordTimings: boolean;
  busy?: boolean;
  onPick: (format: SubtitleFormat) => void;
  audioOnly?: boolean;
  onPickTracks?: (format: SoftSubtitleFormat) => void;
  /** Every language's SRT and WebVTT in one ZIP. */
  onPickZip?: () => void;
}) {
  const formats = MORE_FORMATS.filter((format) => hasWordTimings || format !== 'words-json');
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" loading={busy} aria-label={`More formats for ${of}`}>
          More formats
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {formats.map((format) => (
          <Menu.Item key={format} onClick={() => onPick(format)}>
            {SUBTITLE_FILE_TYPES[format].label}
          </Menu.Item>
        ))}
        {onPickZip && <Menu.Item onClick={onPickZip}>{SUBTITLES_ZIP_LABEL}</Menu.Item>}
        {onPickTracks && <Menu.Divider />}
        {onPickTracks &&
          softSubtitleChoices(audioOnly).map(({ format, label }) => (
            <Menu.Item key={format} onClick={() => onPickTracks(format)}>
              {label}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
