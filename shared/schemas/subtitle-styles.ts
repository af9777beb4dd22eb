import { z } from 'zod';
import { SUBTITLE_STYLE_IDS, SUBTITLE_STYLES } from '../subtitles/subtitle-style';
import { id } from './accounts';

export const STYLE_TEXTS = {
  unknownStyle: `Choose one of the subtitle styles: ${SUBTITLE_STYLE_IDS.map((style) => SUBTITLE_STYLES[style].name).join(', ')}.`,
  sameStyle: 'The video already has this style.',
} as const;

export const subtitleStyleId = z.enum(SUBTITLE_STYLE_IDS, { message: STYLE_TEXTS.unknownStyle });

/** The upload form's field: empty or absent means the company's default. */
export const UPLOAD_STYLE_FIELD = 'subtitle_style';

export const companyStyleInput = z.object({ companyId: id.optional(), style: subtitleStyleId });
export const restyleInput = z.object({ id, style: subtitleStyleId });
