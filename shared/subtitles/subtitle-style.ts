import { MAX_LINE_WIDTH_SHARE } from './standards';

/**
 * How burned subtitles look: a few named presets (SUBTITLE-STYLE.md "Styles"). Every size is a share
 * of the frame, so a style looks the same at 360p and at 2160p.
 */
export const SUBTITLE_STYLE_IDS = ['broadcast', 'classic', 'boxed', 'yellow', 'large'] as const;
export type SubtitleStyleId = (typeof SUBTITLE_STYLE_IDS)[number];

/** New companies and uploads without a choice get this one. */
export const DEFAULT_SUBTITLE_STYLE: SubtitleStyleId = 'broadcast';
/** The one look videos burned before styles existed have, kept for their re-burns. */
export const LEGACY_SUBTITLE_STYLE: SubtitleStyleId = 'classic';

/** A company's own style: a preset's settings changed by its users (CustomStyle). */
export const CUSTOM_STYLE = 'custom';
/** What a video or a company's default names: a preset, or the company's own style. */
export type StyleChoice = SubtitleStyleId | typeof CUSTOM_STYLE;

export interface SubtitleStyle {
  id: StyleChoice;
  name: string;
  description: string;
  /** ASS font size (libass: the font's line height) as a share of the frame height. */
  sizeShareOfHeight: number;
  /** A full line of the language's maximum characters may take at most this share of the width. */
  lineShareOfWidth: number;
  /** RGB, as in CSS. */
  textColour: string;
  outlineColour: string;
  /** Outline (or, with a box, the box's padding) and shadow as shares of the font size. */
  outlineShareOfSize: number;
  shadowShareOfSize: number;
  /** A box behind each line instead of an outline; opacity 0–1. */
  box: { colour: string; opacity: number } | null;
  position: 'bottom' | 'top';
  /** Distance from the bottom (or top) edge as a share of the frame height. */
  marginShareOfHeight: number;
  bold: boolean;
}

/**
 * BBC Subtitle Guidelines, "Presentation › Font size": text sized so that a line is about 8% of the
 * active picture's height, and (3.1 "Line length") a line no wider than 68% of a 16:9 frame. At 8% a
 * full 42-character line fills about 85% of those 68% (tested by pixels in server/media/styles.test.ts).
 */
const BBC_LINE_HEIGHT_SHARE = 0.08;
/** BBC Subtitle Guidelines 3.1: a line at most 68% of the width of a 16:9 frame (standards.ts). */
const BBC_LINE_WIDTH_SHARE = MAX_LINE_WIDTH_SHARE;
/** BBC Subtitle Guidelines 3.1: 90% of the width of a 4:3 frame; the large preset may use as much. */
const BBC_LINE_WIDTH_SHARE_4_3 = 0.9;

const OUTLINED = {
  outlineColour: '000000',
  outlineShareOfSize: 0.06,
  shadowShareOfSize: 0.02,
  box: null,
  position: 'bottom',
  marginShareOfHeight: 0.075,
  bold: false,
} as const;

export const SUBTITLE_STYLES: Record<SubtitleStyleId, SubtitleStyle> = {
  broadcast: {
    ...OUTLINED,
    id: 'broadcast',
    name: 'Broadcast',
    description: 'White with a black outline, sized as broadcasters do: readable on a phone and on a TV.',
    sizeShareOfHeight: BBC_LINE_HEIGHT_SHARE,
    lineShareOfWidth: BBC_LINE_WIDTH_SHARE,
    textColour: 'FFFFFF',
  },
  classic: {
    ...OUTLINED,
    id: 'classic',
    name: 'Classic',
    description: 'White with a black outline, smaller: the look of videos made before styles.',
    // Our choice before styles existed: about 59 px at 1080p.
    sizeShareOfHeight: 0.055,
    lineShareOfWidth: BBC_LINE_WIDTH_SHARE,
    textColour: 'FFFFFF',
  },
  boxed: {
    ...OUTLINED,
    id: 'boxed',
    name: 'Boxed',
    description: 'White on a translucent dark box: readable over any picture.',
    sizeShareOfHeight: BBC_LINE_HEIGHT_SHARE,
    lineShareOfWidth: BBC_LINE_WIDTH_SHARE,
    textColour: 'FFFFFF',
    // The box's padding around the text.
    outlineShareOfSize: 0.15,
    shadowShareOfSize: 0,
    box: { colour: '000000', opacity: 0.7 },
  },
  yellow: {
    ...OUTLINED,
    id: 'yellow',
    name: 'Yellow',
    description: 'Yellow with a black outline, the classic colour of film subtitles.',
    sizeShareOfHeight: BBC_LINE_HEIGHT_SHARE,
    lineShareOfWidth: BBC_LINE_WIDTH_SHARE,
    textColour: 'FFE800',
  },
  large: {
    ...OUTLINED,
    id: 'large',
    name: 'Large',
    description: 'A quarter larger with a thicker outline, for viewers who need bigger text.',
    sizeShareOfHeight: BBC_LINE_HEIGHT_SHARE * 1.25,
    lineShareOfWidth: BBC_LINE_WIDTH_SHARE_4_3,
    textColour: 'FFFFFF',
    outlineShareOfSize: 0.08,
  },
};

export function subtitleStyle(id: SubtitleStyleId | null | undefined): SubtitleStyle {
  return SUBTITLE_STYLES[id ?? DEFAULT_SUBTITLE_STYLE];
}

/**
 * What a company may change of a preset it starts from. The width a line may take stays the
 * preset's (BBC: 68% of the frame), so a larger size shrinks where a full line would not fit.
 */
export type CustomStyle = Pick<
  SubtitleStyle,
  | 'sizeShareOfHeight'
  | 'textColour'
  | 'outlineColour'
  | 'outlineShareOfSize'
  | 'box'
  | 'position'
  | 'marginShareOfHeight'
  | 'bold'
> & { basedOn: SubtitleStyleId };

export const CUSTOM_STYLE_NAME = "Your company's style";

/** A style named in a sentence: "the Yellow style", "your company's style". */
export function styleInWords(style: SubtitleStyle): string {
  return style.id === CUSTOM_STYLE ? "your company's style" : `the ${style.name} style`;
}

/** A custom style's settings over its preset. */
export function customSubtitleStyle(custom: CustomStyle): SubtitleStyle {
  const { basedOn, ...settings } = custom;
  return {
    ...SUBTITLE_STYLES[basedOn],
    ...settings,
    id: CUSTOM_STYLE,
    name: CUSTOM_STYLE_NAME,
    description: `${SUBTITLE_STYLES[basedOn].name}, changed by your company.`,
  };
}

/** A preset's settings as the starting point of a custom style. */
export function customFromPreset(id: SubtitleStyleId): CustomStyle {
  const { sizeShareOfHeight, textColour, outlineColour, outlineShareOfSize, box, position } =
    SUBTITLE_STYLES[id];
  const { marginShareOfHeight, bold } = SUBTITLE_STYLES[id];
  return {
    basedOn: id,
    sizeShareOfHeight,
    textColour,
    outlineColour,
    outlineShareOfSize,
    box,
    position,
    marginShareOfHeight,
    bold,
  };
}

/**
 * The look a video (or a company's default) names: its preset, or its own custom settings. A
 * custom choice without settings (never stored so: the database refuses it) falls back to the default.
 */
export function resolveStyle(
  choice: StyleChoice | null | undefined,
  custom?: CustomStyle | null,
): SubtitleStyle {
  if (choice === CUSTOM_STYLE) return custom ? customSubtitleStyle(custom) : subtitleStyle(null);
  return subtitleStyle(choice);
}

export function isSubtitleStyleId(value: string): value is SubtitleStyleId {
  return (SUBTITLE_STYLE_IDS as readonly string[]).includes(value);
}

/** The styles a company's user may choose from: the presets, then the company's own if it has one. */
export function choosableStyles(custom: CustomStyle | null): SubtitleStyle[] {
  const presets = SUBTITLE_STYLE_IDS.map((id) => SUBTITLE_STYLES[id]);
  return custom ? [...presets, customSubtitleStyle(custom)] : presets;
}
