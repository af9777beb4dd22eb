import { Group, Select, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import {
  type CustomStyle,
  choosableStyles,
  resolveStyle,
  type StyleChoice,
} from '../../../../shared/subtitles/subtitle-style';
import { StylePreview } from './StylePreview';

/**
 * The editor's style choice, one line high in the header: the preview shows it at once, "Save and
 * burn in" burns it in.
 */
export const EditorStyleSelect = memo(function EditorStyleSelect({
  value,
  burned,
  custom,
  onChange,
}: {
  value: StyleChoice;
  /** The style the video is burned in now. */
  burned: StyleChoice;
  /** The company's own style (or the video's copy of it), offered with the presets. */
  custom: CustomStyle | null;
  onChange: (style: StyleChoice) => void;
}) {
  const styles = choosableStyles(custom);
  const shown = resolveStyle(value, custom);
  const note =
    value === burned
      ? shown.description
      : `The preview shows ${shown.name}; "Save and burn in" burns the video in it.`;
  return (
    <Tooltip label={note} multiline w={260}>
      <Select
        aria-label="Subtitle style"
        size="xs"
        w={130}
        data={styles.map((style) => ({ value: style.id, label: style.name }))}
        value={value}
        allowDeselect={false}
        onChange={(next) => next && onChange(next as StyleChoice)}
        variant={value === burned ? 'default' : 'filled'}
        comboboxProps={{ width: 260, position: 'bottom-end' }}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <StylePreview style={resolveStyle(option.value as StyleChoice, custom)} frameHeightPx={36} />
            <Text size="sm">{option.label}</Text>
          </Group>
        )}
      />
    </Tooltip>
  );
});
