import type { OutputLanguage } from '../languages';
import { cueTextToAss } from './ass-text';
import type { Cue } from './cue';
import { languageProfile } from './language-profile';
import { MAX_LINE_WIDTH_SHARE } from './standards';

export interface AssVideo {
  width: number;
  height: number;
  language: OutputLanguage;
}

/** Our choice: text height as a share of the frame height, at 1080p about 59 px. */
const FONT_SIZE_SHARE_OF_HEIGHT = 0.055;
/** Our choice: bottom margin inside the title-safe area. */
const BOTTOM_MARGIN_SHARE = 0.075;
/** Average advance of one width unit in em: about half an em for Latin text, a full em for CJK. */
const EM_PER_WIDTH_UNIT = { grapheme: 0.5, 'east-asian': 1 } as const;

/**
 * Font size relative to the video height, made smaller where a full line would not fit in 68% of
 * the width (BBC), as in a portrait video.
 */
export function assFontSize(video: AssVideo): number {
  const profile = languageProfile(video.language);
  const byHeight = video.height * FONT_SIZE_SHARE_OF_HEIGHT;
  const lineEms = profile.maxLineWidth * EM_PER_WIDTH_UNIT[profile.widthRule];
  const byWidth = (video.width * MAX_LINE_WIDTH_SHARE) / lineEms;
  return Math.max(8, Math.floor(Math.min(byHeight, byWidth)));
}

/** ASS time: H:MM:SS.cc. */
export function formatAssTime(ms: number): string {
  const centiseconds = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(centiseconds / 360_000);
  const minutes = Math.floor(centiseconds / 6000) % 60;
  const seconds = Math.floor(centiseconds / 100) % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${hours}:${pad(minutes)}:${pad(seconds)}.${pad(centiseconds % 100)}`;
}

function styleLine(video: AssVideo): string {
  const fontSize = assFontSize(video);
  const outline = Math.max(1, Math.round(fontSize * 0.06));
  const shadow = Math.max(0, Math.round(fontSize * 0.02));
  const sideMargin = Math.round((video.width * (1 - MAX_LINE_WIDTH_SHARE)) / 2);
  const bottomMargin = Math.round(video.height * BOTTOM_MARGIN_SHARE);
  const font = languageProfile(video.language).fontFamily;
  // White text, black outline, half-transparent black shadow, bottom centre (alignment 2).
  const fields = [
    font,
    fontSize,
    '&H00FFFFFF',
    '&H000000FF',
    '&H00000000',
    '&H80000000',
    0,
    0,
    0,
    0,
    100,
    100,
    0,
    0,
    1,
  ];
  return `Style: Default,${[...fields, outline, shadow, 2, sideMargin, sideMargin, bottomMargin, 1].join(',')}`;
}

/** An ASS script for burning cues into a video with libass, with the line breaks the shaping chose. */
export function cuesToAss(cues: readonly Cue[], video: AssVideo): string {
  const header = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${video.width}`,
    `PlayResY: ${video.height}`,
    // Our lines carry explicit \N breaks; smart wrapping (3: lower line wider) only for text too wide.
    'WrapStyle: 3',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    `Language: ${video.language}`,
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    styleLine(video),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const events = cues.map(
    (cue) =>
      `Dialogue: 0,${formatAssTime(cue.startMs)},${formatAssTime(cue.endMs)},Default,,0,0,0,,${cueTextToAss(cue.text)}`,
  );
  return `${[...header, ...events].join('\n')}\n`;
}
