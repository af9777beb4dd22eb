import type { OutputLanguage } from '../languages';
import { cueTextWithFaces } from './ass-fonts';
import { type Cue, inStartOrder } from './cue';
import { positionTag } from './cue-position';
import { languageProfile } from './language-profile';
import { cueLanguage } from './scripts';
import { type SubtitleStyle, subtitleStyle } from './subtitle-style';

export interface AssVideo {
  width: number;
  height: number;
  language: OutputLanguage;
  /** The video's look (resolveStyle in subtitle-style.ts); the default style when absent. */
  style?: SubtitleStyle;
}

/**
 * Measured average advance of one width unit as a share of the ASS font size, with the Noto faces we
 * ship and libass (server/media/styles.test.ts measures real lines): a Latin, Thai or Devanagari
 * character about a third of it, a CJK character about three quarters.
 */
export const ADVANCE_PER_WIDTH_UNIT = { grapheme: 0.34, 'east-asian': 0.75 } as const;

/**
 * Font size relative to the video height (the style's share), made smaller where a full line of the
 * language's maximum characters would not fit in the style's share of the width (BBC: 68%) — but
 * on a portrait frame never below the style's share of its shorter side (its width): on a portrait video a full line then
 * wraps (libass keeps it inside the margins) rather than shrinking to 2% of the frame's height.
 */
export function assFontSize(video: AssVideo): number {
  const style = video.style ?? subtitleStyle(null);
  const profile = languageProfile(video.language);
  const byHeight = video.height * style.sizeShareOfHeight;
  const lineUnits = profile.maxLineWidth * ADVANCE_PER_WIDTH_UNIT[profile.widthRule];
  const byWidth = (video.width * style.lineShareOfWidth) / lineUnits;
  // A portrait frame is sized as the same frame turned landscape.
  const portraitFloor = video.height > video.width ? video.width * style.sizeShareOfHeight : 0;
  return Math.max(8, Math.floor(Math.min(byHeight, Math.max(byWidth, portraitFloor))));
}

/** RGB (CSS order) and an opacity as an ASS colour: &HAABBGGRR, alpha 0 opaque. */
function assColour(rgb: string, opacity = 1): string {
  const alpha = Math.round((1 - opacity) * 255);
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(2, '0');
  return `&H${hex(alpha)}${rgb.slice(4, 6)}${rgb.slice(2, 4)}${rgb.slice(0, 2)}`.toUpperCase();
}

/** ASS time: H:MM:SS.cc (the format has no milliseconds). */
export function formatAssTime(ms: number): string {
  return formatCentiseconds(Math.max(0, Math.round(ms / 10)));
}

/** A cue's times in centiseconds, the end at least one after the start: a cue of 10 ms or less never vanishes. */
function assSpan(cue: Cue): [string, string] {
  const start = Math.max(0, Math.round(cue.startMs / 10));
  const end = Math.max(start + 1, Math.round(cue.endMs / 10));
  return [formatCentiseconds(start), formatCentiseconds(end)];
}

function formatCentiseconds(centiseconds: number): string {
  const hours = Math.floor(centiseconds / 360_000);
  const minutes = Math.floor(centiseconds / 6000) % 60;
  const seconds = Math.floor(centiseconds / 100) % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${hours}:${pad(minutes)}:${pad(seconds)}.${pad(centiseconds % 100)}`;
}

function styleLine(video: AssVideo): string {
  const style: SubtitleStyle = video.style ?? subtitleStyle(null);
  const fontSize = assFontSize(video);
  const outline = Math.max(1, Math.round(fontSize * style.outlineShareOfSize));
  const shadow = Math.max(0, Math.round(fontSize * style.shadowShareOfSize));
  // Side margins keep a line inside the style's share of the width; libass wraps what would not fit.
  const sideMargin = Math.round((video.width * (1 - style.lineShareOfWidth)) / 2);
  const verticalMargin = Math.round(video.height * style.marginShareOfHeight);
  const font = languageProfile(video.language).fontFamily;
  // With a box (border style 3) libass paints the box in the outline colour, the outline its padding.
  const outlineColour = style.box
    ? assColour(style.box.colour, style.box.opacity)
    : assColour(style.outlineColour);
  const fields = [
    font,
    fontSize,
    assColour(style.textColour),
    '&H000000FF',
    outlineColour,
    '&H80000000',
    style.bold ? -1 : 0,
    0,
    0,
    0,
    100,
    100,
    0,
    0,
    style.box ? 3 : 1,
    outline,
    shadow,
    // Centred, at the bottom (2) or the top (8).
    style.position === 'top' ? 8 : 2,
    sideMargin,
    sideMargin,
    verticalMargin,
    1,
  ];
  return `Style: Default,${fields.join(',')}`;
}

/**
 * A cue's text in the faces its characters need; a cue of another language than the file's whose
 * full line would not fit at the style's size gets its language's size (issue 35).
 */
function cueText(cue: Cue, video: AssVideo, styleFace: string, styleSize: number): string {
  const language = cueLanguage(cue.text, video.language);
  const size = language === video.language ? styleSize : assFontSize({ ...video, language });
  const sizeTag = size < styleSize ? `{\\fs${size}}` : '';
  return `${sizeTag}${cueTextWithFaces(cue.text, language, styleFace)}`;
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
  const styleFace = languageProfile(video.language).fontFamily;
  const styleSize = assFontSize(video);
  const events = inStartOrder(cues).map((cue) => {
    const [start, end] = assSpan(cue);
    return `Dialogue: 0,${start},${end},Default,,0,0,0,,${positionTag(cue.position)}${cueText(cue, video, styleFace, styleSize)}`;
  });
  return `${[...header, ...events].join('\n')}\n`;
}
