import JASSUB from 'jassub';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import classes from './editor.module.css';

/** The faces burn-in draws with, by the family names the ASS styles use (server/media/fonts.ts). */
const FONTS: Record<string, string> = {
  'noto sans': 'NotoSans_500Medium.ttf',
  'noto sans jp': 'NotoSansJP_500Medium.ttf',
  'noto sans kr': 'NotoSansKR_500Medium.ttf',
  'noto sans sc': 'NotoSansSC_500Medium.ttf',
  'noto sans thai': 'NotoSansThai_500Medium.ttf',
  'noto sans devanagari': 'NotoSansDevanagari_500Medium.ttf',
};

function fontAddresses(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(FONTS).map(([family, file]) => [family, `/api/subtitle-fonts/${file}`]),
  );
}

export interface SubtitlePreviewProps {
  /** The source video (without subtitles). */
  src: string;
  /** The ASS script burn-in would use, built from the current cues. */
  ass: string;
  label: string;
}

/**
 * The video with the subtitles drawn by libass in the browser (jassub), from the same ASS script and
 * the same font files as the burn-in: what the user sees is what the burned video will show.
 */
export const SubtitlePreview = forwardRef<HTMLVideoElement | null, SubtitlePreviewProps>(
  function SubtitlePreview({ src, ass, label }, ref) {
    const video = useRef<HTMLVideoElement>(null);
    const renderer = useRef<JASSUB | null>(null);
    const latestAss = useRef(ass);
    latestAss.current = ass;
    useImperativeHandle<HTMLVideoElement | null, HTMLVideoElement | null>(ref, () => video.current, []);

    useEffect(() => {
      const element = video.current;
      if (!element) return;
      const instance = new JASSUB({
        video: element,
        subContent: latestAss.current,
        availableFonts: fontAddresses(),
        defaultFont: 'noto sans',
        queryFonts: false,
      });
      renderer.current = instance;
      return () => {
        renderer.current = null;
        void instance.destroy();
      };
    }, []);

    useEffect(() => {
      const instance = renderer.current;
      if (!instance) return;
      void instance.ready.then(async () => {
        await instance.renderer.setTrack(ass);
        // A paused video shows the change at once.
        await instance.resize(true);
      });
    }, [ass]);

    return (
      <div className={classes.preview}>
        {/* biome-ignore lint/a11y/useMediaCaption: the subtitles being edited are drawn over the video by libass. */}
        <video
          ref={video}
          className={classes.video}
          src={src}
          preload="auto"
          playsInline
          aria-label={label}
        />
      </div>
    );
  },
);
