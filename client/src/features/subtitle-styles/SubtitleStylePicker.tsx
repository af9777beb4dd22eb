import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  SUBTITLE_STYLE_IDS,
  SUBTITLE_STYLES,
  type SubtitleStyleId,
} from '../../../../shared/subtitles/subtitle-style';
import { StylePreview } from './StylePreview';

interface Props {
  value: SubtitleStyleId;
  onChange: (style: SubtitleStyleId) => void;
  label?: string;
  description?: string;
  disabled?: boolean;
  /** Narrow places (the editor's side panel) take one column. */
  columns?: number;
}

/** The named styles as radio cards, each with a small picture of how the subtitles will look. */
export function SubtitleStylePicker({
  value,
  onChange,
  label = 'Subtitle style',
  description,
  disabled,
  columns = 2,
}: Props) {
  return (
    <Radio.Group
      label={label}
      description={description}
      value={value}
      onChange={(next) => onChange(next as SubtitleStyleId)}
    >
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="xs" mt="xs">
        {SUBTITLE_STYLE_IDS.map((id) => {
          const style = SUBTITLE_STYLES[id];
          return (
            <Radio.Card key={id} value={id} p="xs" radius="sm" disabled={disabled} aria-label={style.name}>
              <Group wrap="nowrap" gap="sm" align="center">
                <Radio.Indicator />
                <StylePreview style={style} />
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {style.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {style.description}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
