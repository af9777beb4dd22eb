import { Alert, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import { EDITOR_TEXTS } from '../../../../shared/schemas/editor';
import { AUDIO_ONLY_TEXTS } from '../../../../shared/schemas/input-formats';
import classes from './editor.module.css';
import { SubtitlePreview } from './SubtitlePreview';
import { useEditorPreview } from './use-editor-preview';
import { type TimedCue, Waveform, type WaveformProps } from './Waveform';

export interface EditorMediaProps {
  videoId: number;
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
  /** Drawn on the waveform as thin lines. */
  shotChangesMs: readonly number[];
  onTiming: WaveformProps['onTiming'];
  onRegionSelect: (id: string) => void;
  onPlayPause: () => void;
}

type PlaybackProblem = 'file' | 'picture';

/**
 * What this browser cannot play of the source: the whole file (an error), or its picture alone (a
 * video whose metadata loads with no picture size: Chromium plays the sound of an HEVC video and
 * shows nothing). Told for the link it happened with; a new link (the old one expired) starts afresh.
 */
function useMediaPlayback(mediaUrl: string | null) {
  const [found, setFound] = useState<{ url: string | null; problem: PlaybackProblem } | null>(null);
  return {
    problem: found && found.url === mediaUrl ? found.problem : null,
    onError(error: MediaError | null) {
      const code = error?.code;
      if (code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED || code === MediaError.MEDIA_ERR_DECODE)
        setFound({ url: mediaUrl, problem: 'file' });
    },
    onMetadata(element: HTMLVideoElement) {
      if (element.videoWidth === 0) setFound({ url: mediaUrl, problem: 'picture' });
    },
  };
}

/** The video with the subtitles as burn-in draws them, play and zoom, and the waveform with the cues. */
export const EditorMedia = memo(function EditorMedia({
  videoId,
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
  shotChangesMs,
  onTiming,
  onRegionSelect,
  onPlayPause,
}: EditorMediaProps) {
  const [zoom, setZoom] = useState(60);
  // A video this browser cannot play is shown from a copy the server makes for it.
  const [needsPreview, setNeedsPreview] = useState(false);
  const preview = useEditorPreview(videoId, needsPreview);
  const src = preview.url ?? mediaUrl;
  const playback = useMediaPlayback(src);
  useEffect(() => {
    if (playback.problem && !audioOnly && !preview.url) setNeedsPreview(true);
  }, [playback.problem, audioOnly, preview.url]);
  const notice = preview.failed
    ? 'previewFailed'
    : needsPreview && !preview.url
      ? 'makingPreview'
      : playback.problem && 'unplayable';
  return (
    <Stack gap="xs" className={classes.mediaColumn}>
      {notice && <Alert color="yellow">{EDITOR_TEXTS[notice]}</Alert>}
      {audioOnly ? (
        <>
          <Alert color="blue">{AUDIO_ONLY_TEXTS.editorNoPicture}</Alert>
          {mediaUrl && (
            // biome-ignore lint/a11y/useMediaCaption: audio alone, played for timing; its subtitles are the cue list.
            <video
              ref={onMedia}
              src={mediaUrl}
              preload="auto"
              hidden
              aria-label={label}
              onError={(event) => playback.onError(event.currentTarget.error)}
            />
          )}
        </>
      ) : src ? (
        <SubtitlePreview
          ref={onMedia}
          src={src}
          ass={ass}
          language={language}
          label={label}
          hidden={playback.problem !== null}
          onMediaError={playback.onError}
          onMetadata={playback.onMetadata}
        />
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
          thumbLabel="Zoom"
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
          shotChangesMs={shotChangesMs}
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
