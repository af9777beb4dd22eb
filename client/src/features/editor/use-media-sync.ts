import { useDebouncedValue } from '@mantine/hooks';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import { cuesToAss } from '../../../../shared/subtitles/ass';
import { cuesFromDoc, type EditorDoc } from '../../../../shared/subtitles/editor';
import type { resolveStyle } from '../../../../shared/subtitles/subtitle-style';
import type { CueListHandle } from './CueList';
import type { TimedCue } from './Waveform';

/**
 * The preview's ASS script (about 2 ms to write for 600 cues, then handed to libass) and the
 * waveform's regions follow the document once typing pauses this long, not on every keystroke.
 */
export const PREVIEW_DELAY_MS = 100;

/** The cue under the playhead, if any. */
export function cueAtTime(doc: EditorDoc, ms: number): string | null {
  return doc.find((cue) => cue.startMs <= ms && ms < cue.endMs)?.id ?? null;
}

/**
 * The cues' ids and times, as the same array while they stay the same: the waveform's regions and
 * the comments' anchors depend on nothing else, so typing a cue's text does not redraw them.
 */
export function timingsOf(doc: EditorDoc, previous: readonly TimedCue[] | null): readonly TimedCue[] {
  if (
    previous !== null &&
    previous.length === doc.length &&
    doc.every((cue, index) => {
      const before = previous[index];
      return before?.id === cue.id && before.startMs === cue.startMs && before.endMs === cue.endMs;
    })
  )
    return previous;
  return doc.map(({ id, startMs, endMs }) => ({ id, startMs, endMs }));
}

/**
 * The video element and the document kept in step: seeking, selecting a cue (and scrolling the list
 * to it), the selection following the playhead while the video plays, the waveform's cue times, and
 * the preview's script once typing pauses.
 */
export function useMediaSync(options: {
  doc: EditorDoc;
  latestDoc: RefObject<EditorDoc>;
  latestSelected: RefObject<string | null>;
  setSelectedId: (id: string) => void;
  list: RefObject<CueListHandle | null>;
  video: { width: number; height: number; language: OutputLanguage };
  look: ReturnType<typeof resolveStyle>;
}) {
  const { doc, latestDoc, latestSelected, setSelectedId, list, video, look } = options;
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const latestMedia = useRef(media);
  latestMedia.current = media;

  const playhead = useCallback(() => Math.round((latestMedia.current?.currentTime ?? 0) * 1000), []);
  const seek = useCallback(
    (ms: number) => {
      if (media) media.currentTime = Math.max(0, ms / 1000);
    },
    [media],
  );
  const select = useCallback(
    (id: string, options: { seek?: boolean; focus?: boolean; reveal?: boolean } = {}) => {
      setSelectedId(id);
      const cue = latestDoc.current.find((candidate) => candidate.id === id);
      if (cue && options.seek) seek(cue.startMs);
      if (options.reveal !== false) list.current?.reveal(id, { focus: options.focus });
    },
    [seek, setSelectedId, latestDoc, list],
  );
  /** A cue picked outside the list (a waveform region, a comment): seeked to and scrolled into view. */
  const onPick = useCallback((id: string) => select(id, { seek: true }), [select]);
  /**
   * A row pressed in the list: seeked to, not scrolled, since scrolling a row half out of view on the
   * press moved its buttons from under the pointer and the click that followed missed them.
   */
  const onPickRow = useCallback((id: string) => select(id, { seek: true, reveal: false }), [select]);

  // Playback highlights the cue under the playhead and keeps it in view.
  useEffect(() => {
    if (!media) return;
    const follow = () => {
      if (media.paused) return;
      const playing = cueAtTime(latestDoc.current, media.currentTime * 1000);
      if (playing && playing !== latestSelected.current) {
        setSelectedId(playing);
        list.current?.reveal(playing);
      }
    };
    media.addEventListener('timeupdate', follow);
    return () => media.removeEventListener('timeupdate', follow);
  }, [media, latestDoc, latestSelected, setSelectedId, list]);

  const [previewDoc] = useDebouncedValue(doc, PREVIEW_DELAY_MS);
  const previousTimings = useRef<readonly TimedCue[] | null>(null);
  const timings = useMemo(() => {
    previousTimings.current = timingsOf(previewDoc, previousTimings.current);
    return previousTimings.current;
  }, [previewDoc]);
  const ass = useMemo(
    () =>
      cuesToAss(cuesFromDoc(previewDoc), {
        width: video.width,
        height: video.height,
        language: video.language,
        style: look,
      }),
    [previewDoc, video, look],
  );

  return { media, setMedia, playhead, seek, select, onPick, onPickRow, timings, ass };
}
