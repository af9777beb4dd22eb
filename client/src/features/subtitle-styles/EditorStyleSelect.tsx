import { Group, Select, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import {
  SUBTITLE_STYLE_IDS,
  SUBTITLE_STYLES,
  type SubtitleStyleId,
} from '../../../../shared/subtitles/subtitle-style';
import { StylePreview } from './StylePreview';

const OPTIONS = SUBTITLE_STYLE_IDS.map((id) => ({ value: id, label: SUBTITLE_STYLES[id].name }));

/**
 * The editor's style choice, one line high in the header: the preview shows it at once, "Save and
 * burn in" burns it in.
 */
export const EditorStyleSelect = memo(function EditorStyleSelect({
  value,
  burned,
  onChange,
}: {
  value: SubtitleStyleId;
  /** The style the video is burned in now. */
  burned: SubtitleStyleId;
  onChange: (style: SubtitleStyleId) => void;
}) {
  const note =
    value === burned
      ? SUBTITLE_STYLES[value].description
      : `The preview shows ${SUBTITLE_STYLES[value].name}; "Save and burn in" burns the video in it.`;
  return (
    <Tooltip label={note} multiline w={260}>
      <Select
        aria-label="Subtitle style"
        size="xs"
        w={130}
        data={OPTIONS}
        value={value}
        allowDeselect={false}
        onChange={(next) => next && onChange(next as SubtitleStyleId)}
        variant={value === burned ? 'default' : 'filled'}
        comboboxProps={{ width: 260, position: 'bottom-end' }}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <StylePreview style={SUBTITLE_STYLES[option.value as SubtitleStyleId]} frameHeightPx={36} />
            <Text size="sm">{option.label}</Text>
          </Group>
        )}
      />
    </Tooltip>
  );
});
