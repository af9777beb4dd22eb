import { Alert, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { memo, useState } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import { AUDIO_ONLY_TEXTS } from '../../../../shared/schemas/input-formats';
import classes from './editor.module.css';
import { SubtitlePreview } from './SubtitlePreview';
import { type TimedCue, Waveform } from './Waveform';

export interface EditorMediaProps {
  /** The source video's address, or null when its file is gone. */
  mediaUrl: string | null;
  /** Audio alone (issue 22): played without a picture, the cues timed against the waveform. */
  audioOnly: boolean;
  label: string;
  language: OutputLanguage;
  /** The ASS script burn-in would use for the cues. */
  ass: string;
  media: HTMLVideoElement | null;
  onMedia: (element: HTMLVideoElement | null) => void;
  peaks: readonly number[] | null;
  durationSeconds: number;
  cues: readonly TimedCue[];
  selectedId: string | null;
  onTiming: (id: string, timing: { startMs: number; endMs: number }) => void;
  onRegionSelect: (id: string) => void;
  onPlayPause: () => void;
}

/** The video with the subtitles as burn-in draws them, play and zoom, and the waveform with the cues. */
export const EditorMedia = memo(function EditorMedia({
  mediaUrl,
  audioOnly,
  label,
  language,
  ass,
  media,
  onMedia,
  peaks,
  durationSeconds,
  cues,
  selectedId,
  onTiming,
  onRegionSelect,
  onPlayPause,
}: EditorMediaProps) {
  const [zoom, setZoom] = useState(60);
  return (
    <Stack gap="xs" className={classes.mediaColumn}>
      {audioOnly ? (
        <>
          <Alert color="blue">{AUDIO_ONLY_TEXTS.editorNoPicture}</Alert>
          {/* biome-ignore lint/a11y/useMediaCaption: audio alone, played for timing; its subtitles are the cue list. */}
          {mediaUrl && <video ref={onMedia} src={mediaUrl} preload="auto" hidden aria-label={label} />}
        </>
      ) : mediaUrl ? (
        <SubtitlePreview ref={onMedia} src={mediaUrl} ass={ass} language={language} label={label} />
      ) : (
        <Alert color="yellow">The video file is not available; the subtitles can still be edited.</Alert>
      )}
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onPlayPause}>
          Play / pause
        </Button>
        <Text size="xs" c="dimmed">
          Zoom
        </Text>
        <Slider
          className={classes.zoom}
          min={10}
          max={400}
          value={zoom}
          onChange={setZoom}
          label={(value) => `${value} px/s`}
          aria-label="Zoom"
        />
      </Group>
      {peaks ? (
        <Waveform
          media={media}
          peaks={peaks}
          durationSeconds={durationSeconds}
          cues={cues}
          selectedId={selectedId}
          zoom={zoom}
          onTiming={onTiming}
          onSelect={onRegionSelect}
        />
      ) : (
        <Text size="xs" c="dimmed">
          Drawing the waveform…
        </Text>
      )}
    </Stack>
  );
});
