import {
  Alert,
  Button,
  ColorInput,
  Group,
  Image,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Slider,
  Stack,
  Switch,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CUSTOM_STYLE_LIMITS } from '../../../../shared/schemas/subtitle-styles';
import {
  type CustomStyle,
  customFromPreset,
  SUBTITLE_STYLE_IDS,
  SUBTITLE_STYLES,
  type SubtitleStyleId,
} from '../../../../shared/subtitles/subtitle-style';
import { useTRPC } from '../../lib/trpc';

const PREVIEW_DELAY_MS = 300;
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

function ShareSlider({
  label,
  value,
  limits,
  onChange,
}: {
  label: string;
  value: number;
  limits: { min: number; max: number };
  onChange: (value: number) => void;
}) {
  return (
    <Input.Wrapper label={label}>
      <Slider
        thumbLabel={label}
        min={limits.min}
        max={limits.max}
        step={0.005}
        value={value}
        onChange={onChange}
        label={percent}
        marks={[
          { value: limits.min, label: percent(limits.min) },
          { value: limits.max, label: percent(limits.max) },
        ]}
        mb="md"
      />
    </Input.Wrapper>
  );
}

/** The settings drawn by the burn-in's renderer on the server: what the video will show. */
function RenderedPreview({ settings }: { settings: CustomStyle }) {
  const trpc = useTRPC();
  const [shown] = useDebouncedValue(settings, PREVIEW_DELAY_MS);
  const preview = useQuery({
    ...trpc.subtitleStyles.preview.queryOptions({ settings: shown }),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (preview.error)
    return <Alert color="red">The preview could not be drawn: {preview.error.message}</Alert>;
  // As wide as its column allows, at most 320 px, never cropped.
  if (!preview.data) return <Skeleton h={180} w="100%" maw={320} />;
  return (
    <Image
      src={`data:image/png;base64,${preview.data.png}`}
      alt="Your style, drawn as the burn-in draws it"
      w="100%"
      maw={320}
      h="auto"
      fit="contain"
      radius="sm"
    />
  );
}

/**
 * A company's own style: a preset to start from, then its size, colours, outline or box, place and
 * weight, previewed by the renderer that burns the videos.
 */
export function CustomStyleEditor({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: CustomStyle;
  saving: boolean;
  onSave: (settings: CustomStyle) => void;
  onCancel: () => void;
}) {
  const [settings, setSettings] = useState<CustomStyle>(initial);
  const change = (next: Partial<CustomStyle>) => setSettings((current) => ({ ...current, ...next }));
  const box = settings.box;
  return (
    <Stack gap="sm" component="section" aria-label="Your own style">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <Select
            label="Start from"
            data={SUBTITLE_STYLE_IDS.map((id) => ({ value: id, label: SUBTITLE_STYLES[id].name }))}
            value={settings.basedOn}
            allowDeselect={false}
            onChange={(id) => id && setSettings(customFromPreset(id as SubtitleStyleId))}
          />
          <ShareSlider
            label="Text size (share of the picture's height)"
            value={settings.sizeShareOfHeight}
            limits={CUSTOM_STYLE_LIMITS.sizeShareOfHeight}
            onChange={(sizeShareOfHeight) => change({ sizeShareOfHeight })}
          />
          <ColorInput
            label="Text colour"
            format="hex"
            value={`#${settings.textColour}`}
            onChange={(value) => change({ textColour: value.replace('#', '').toUpperCase() })}
          />
          <Input.Wrapper label="Around the text">
            <SegmentedControl
              fullWidth
              data={[
                { value: 'outline', label: 'Outline' },
                { value: 'box', label: 'Box' },
              ]}
              value={box ? 'box' : 'outline'}
              onChange={(value) =>
                change({ box: value === 'box' ? { colour: settings.outlineColour, opacity: 0.7 } : null })
              }
            />
          </Input.Wrapper>
          <ColorInput
            label={box ? 'Box colour' : 'Outline colour'}
            format="hex"
            value={`#${box ? box.colour : settings.outlineColour}`}
            onChange={(value) => {
              const colour = value.replace('#', '').toUpperCase();
              change(box ? { box: { ...box, colour } } : { outlineColour: colour });
            }}
          />
          <ShareSlider
            label={box ? 'Box padding (share of the text size)' : 'Outline width (share of the text size)'}
            value={settings.outlineShareOfSize}
            limits={CUSTOM_STYLE_LIMITS.outlineShareOfSize}
            onChange={(outlineShareOfSize) => change({ outlineShareOfSize })}
          />
          {box && (
            <ShareSlider
              label="Box opacity"
              value={box.opacity}
              limits={{ min: 0.1, max: 1 }}
              onChange={(opacity) => change({ box: { ...box, opacity } })}
            />
          )}
        </Stack>
        <Stack gap="xs">
          <RenderedPreview settings={settings} />
          <Input.Wrapper label="Place">
            <SegmentedControl
              fullWidth
              data={[
                { value: 'bottom', label: 'Bottom' },
                { value: 'top', label: 'Top' },
              ]}
              value={settings.position}
              onChange={(value) => change({ position: value as CustomStyle['position'] })}
            />
          </Input.Wrapper>
          <ShareSlider
            label="Distance from the edge (share of the picture's height)"
            value={settings.marginShareOfHeight}
            limits={CUSTOM_STYLE_LIMITS.marginShareOfHeight}
            onChange={(marginShareOfHeight) => change({ marginShareOfHeight })}
          />
          <Switch
            label="Bold"
            checked={settings.bold}
            onChange={(event) => change({ bold: event.currentTarget.checked })}
          />
        </Stack>
      </SimpleGrid>
      <Group>
        <Button onClick={() => onSave(settings)} loading={saving}>
          Save as your company's style
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
