import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type CustomStyle,
  choosableStyles,
  type StyleChoice,
} from '../../../../shared/subtitles/subtitle-style';
import { StylePreview } from './StylePreview';

interface Props {
  value: StyleChoice;
  onChange: (style: StyleChoice) => void;
  /** The company's own style, offered after the presets when it has one. */
  custom: CustomStyle | null;
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
  custom,
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
      onChange={(next) => onChange(next as StyleChoice)}
    >
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="xs" mt="xs">
        {choosableStyles(custom).map((style) => (
          <Radio.Card
            key={style.id}
            value={style.id}
            p="xs"
            radius="sm"
            disabled={disabled}
            aria-label={style.name}
          >
            {/* In a narrow card the name goes under the picture instead of pushing the card wider. */}
            <Group wrap="wrap" gap="sm" align="center">
              <Radio.Indicator />
              <StylePreview style={style} />
              <Stack gap={0} miw={0} style={{ flex: '1 1 8rem' }}>
                <Text size="sm" fw={500}>
                  {style.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {style.description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
