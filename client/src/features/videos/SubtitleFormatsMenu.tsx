import { Button, Menu } from '@mantine/core';
import type { SubtitleFormat } from '../../../../shared/schemas/exports';
import { SUBTITLE_FILE_TYPES } from '../../../../shared/subtitles/subtitle-files';

/** The formats beside the SRT download (PRODUCT.md §2 keeps the SRT link itself as it is). */
const MORE_FORMATS = ['vtt', 'ass', 'txt', 'timed-txt', 'words-json'] as const satisfies SubtitleFormat[];

/**
 * A compact menu of the other subtitle formats. Word timings are offered only where the speech engine
 * made them (generated subtitles).
 */
export function SubtitleFormatsMenu({
  of,
  hasWordTimings,
  busy = false,
  onPick,
}: {
  /** What the subtitles belong to, for the button's accessible name: "More formats for <of>". */
  of: string;
  hasWordTimings: boolean;
  busy?: boolean;
  onPick: (format: SubtitleFormat) => void;
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
      </Menu.Dropdown>
    </Menu>
  );
}
