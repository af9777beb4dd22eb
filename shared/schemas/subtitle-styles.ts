import { z } from 'zod';
import {
  CUSTOM_STYLE,
  CUSTOM_STYLE_NAME,
  SUBTITLE_STYLE_IDS,
  SUBTITLE_STYLES,
} from '../subtitles/subtitle-style';
import { id } from './accounts';

export const STYLE_TEXTS = {
  unknownStyle: `Choose one of the subtitle styles: ${[...SUBTITLE_STYLE_IDS.map((style) => SUBTITLE_STYLES[style].name), CUSTOM_STYLE_NAME].join(', ')}.`,
  sameStyle: 'The video already has this style.',
  noCustomStyle: "Your company has no style of its own yet: make one under Your company's subtitle style.",
  colour: 'Choose a colour as six hexadecimal digits, for example FFE800.',
  previewsBusy: 'Many previews are being drawn just now. Please try again in a moment.',
} as const;

export const subtitleStyleId = z.enum(SUBTITLE_STYLE_IDS, { message: STYLE_TEXTS.unknownStyle });
/** A preset, or the company's own style. */
export const styleChoice = z.enum([...SUBTITLE_STYLE_IDS, CUSTOM_STYLE], {
  message: STYLE_TEXTS.unknownStyle,
});

const colour = z
  .string()
  .regex(/^#?[0-9a-fA-F]{6}$/, STYLE_TEXTS.colour)
  .transform((value) => value.replace('#', '').toUpperCase());

/**
 * The limits a company's own style keeps: text from 4% of the frame's height (a little under the
 * Classic preset) to 12% (half again the BBC's 8%), an outline up to a fifth of the size, a margin
 * between 2% and 20% of the height.
 */
export const CUSTOM_STYLE_LIMITS = {
  sizeShareOfHeight: { min: 0.04, max: 0.12 },
  outlineShareOfSize: { min: 0, max: 0.2 },
  marginShareOfHeight: { min: 0.02, max: 0.2 },
} as const;

const share = (limits: { min: number; max: number }, what: string) =>
  z
    .number()
    .min(limits.min, `${what} must be at least ${limits.min * 100}%.`)
    .max(limits.max, `${what} must be at most ${limits.max * 100}%.`);

export const customStyleSettings = z.object({
  basedOn: subtitleStyleId,
  sizeShareOfHeight: share(CUSTOM_STYLE_LIMITS.sizeShareOfHeight, 'The text size'),
  textColour: colour,
  outlineColour: colour,
  outlineShareOfSize: share(CUSTOM_STYLE_LIMITS.outlineShareOfSize, 'The outline'),
  box: z.object({ colour, opacity: z.number().min(0.1, 'A box needs some opacity.').max(1) }).nullable(),
  position: z.enum(['bottom', 'top']),
  marginShareOfHeight: share(CUSTOM_STYLE_LIMITS.marginShareOfHeight, 'The margin'),
  bold: z.boolean(),
});

/** The upload form's field: empty or absent means the company's default. */
export const UPLOAD_STYLE_FIELD = 'subtitle_style';

export const companyStyleInput = z.object({ companyId: id.optional(), style: styleChoice });
export const companyCustomStyleInput = z.object({ companyId: id.optional(), settings: customStyleSettings });
export const restyleInput = z.object({ id, style: styleChoice });
/** A picture of a style, drawn by the burn-in's renderer: a preset, or settings being edited. */
export const stylePreviewInput = z.union([
  z.object({ style: subtitleStyleId }),
  z.object({ settings: customStyleSettings }),
]);
