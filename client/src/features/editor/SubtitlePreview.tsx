import JASSUB from 'jassub';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import { FONT_FILE_OF_FAMILY } from '../../../../shared/subtitles/font-files';
import { languageProfile } from '../../../../shared/subtitles/language-profile';
import classes from './editor.module.css';

const FONTS = FONT_FILE_OF_FAMILY;
const LATIN_FACE = 'noto sans medium';

// Absolute: the renderer fetches them from its worker.
const fontAddress = (file: string) => `${window.location.origin}/api/subtitle-fonts/${file}`;

function fontAddresses(): Record<string, string> {
  return Object.fromEntries(Object.entries(FONTS).map(([family, file]) => [family, fontAddress(file)]));
}

/** The Latin face and the language's own, loaded before the first cue is drawn. */
function facesFor(language: OutputLanguage): string[] {
  const own = FONTS[languageProfile(language).fontFamily.toLowerCase()];
  return [...new Set([FONTS[LATIN_FACE], own])]
    .filter((file): file is string => file !== undefined)
    .map(fontAddress);
}

/**
 * The faces the script names by `\fn` (another script's cue, emoji: shared/subtitles/ass-fonts.ts),
 * loaded before it is drawn: jassub would fetch one only when a glyph is missing, and not draw the
 * paused frame again once it came.
 */
function namedFaces(ass: string): string[] {
  const families = new Set(
    [...ass.matchAll(/\\fn([^\\}]+)/g)].map((match) => (match[1] ?? '').trim().toLowerCase()),
  );
  return [...families]
    .map((family) => FONTS[family])
    .filter((file): file is string => file !== undefined)
    .map(fontAddress);
}

/** Draws the subtitles of the paused video's current time (a playing one is drawn frame by frame). */
async function drawPaused(instance: JASSUB, element: HTMLVideoElement) {
  if (!element.paused || element.videoWidth === 0) return;
  await instance.ready;
  await instance.manualRender(
    {
      mediaTime: element.currentTime,
      width: element.videoWidth,
      height: element.videoHeight,
      expectedDisplayTime: performance.now(),
    },
    true,
  );
}

export interface SubtitlePreviewProps {
  /** The source video (without subtitles). */
  src: string;
  /** The ASS script burn-in would use, built from the current cues. */
  ass: string;
  language: OutputLanguage;
  label: string;
  /** Kept out of sight (a file this browser cannot play). */
  hidden?: boolean;
  /** The element's error when it cannot load or decode the video. */
  onMediaError?: (error: MediaError | null) => void;
  /** The element once it knows the video's duration and picture size. */
  onMetadata?: (element: HTMLVideoElement) => void;
}

/**
 * The video with the subtitles drawn by libass in the browser (jassub), from the same ASS script and
 * the same font files as the burn-in: what the user sees is what the burned video will show.
 */
export const SubtitlePreview = forwardRef<HTMLVideoElement | null, SubtitlePreviewProps>(
  function SubtitlePreview({ src, ass, language, label, hidden, onMediaError, onMetadata }, ref) {
    const video = useRef<HTMLVideoElement>(null);
    const renderer = useRef<JASSUB | null>(null);
    const latestAss = useRef(ass);
    latestAss.current = ass;
    const loadedFaces = useRef(new Set<string>());
    useImperativeHandle<HTMLVideoElement | null, HTMLVideoElement | null>(ref, () => video.current, []);

    useEffect(() => {
      const element = video.current;
      if (!element) return;
      const faces = [...new Set([...facesFor(language), ...namedFaces(latestAss.current)])];
      loadedFaces.current = new Set(faces);
      const instance = new JASSUB({
        video: element,
        subContent: latestAss.current,
        fonts: faces,
        availableFonts: fontAddresses(),
        defaultFont: LATIN_FACE,
        queryFonts: false,
      });
      renderer.current = instance;
      // jassub draws on each new video frame; a paused video presents none, so draw it on demand.
      const drawStill = () => void drawPaused(instance, element);
      element.addEventListener('loadeddata', drawStill);
      element.addEventListener('seeked', drawStill);
      return () => {
        element.removeEventListener('loadeddata', drawStill);
        element.removeEventListener('seeked', drawStill);
        renderer.current = null;
        void instance.destroy();
      };
    }, [language]);

    useEffect(() => {
      const instance = renderer.current;
      if (!instance) return;
      void instance.ready.then(async () => {
        const missing = namedFaces(ass).filter((face) => !loadedFaces.current.has(face));
        for (const face of missing) loadedFaces.current.add(face);
        if (missing.length > 0) await instance.renderer.addFonts(missing);
        await instance.renderer.setTrack(ass);
        if (video.current) await drawPaused(instance, video.current);
      });
    }, [ass]);

    return (
      <div className={classes.preview} hidden={hidden}>
        {/* biome-ignore lint/a11y/useMediaCaption: the subtitles being edited are drawn over the video by libass. */}
        <video
          ref={video}
          className={classes.video}
          src={src}
          preload="auto"
          playsInline
          aria-label={label}
          onError={(event) => onMediaError?.(event.currentTarget.error)}
          onLoadedMetadata={(event) => onMetadata?.(event.currentTarget)}
        />
      </div>
    );
  },
);
