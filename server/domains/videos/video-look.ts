import { STYLE_TEXTS } from '../../../shared/schemas/subtitle-styles';
import { CUSTOM_STYLE, type CustomStyle, type StyleChoice } from '../../../shared/subtitles/subtitle-style';
import { InvalidInput } from '../../errors';

/** How a video's subtitles look: a preset, or a copy of its company's own style. */
export interface VideoLook {
  style: StyleChoice;
  custom: CustomStyle | null;
}

export interface CompanyLook {
  subtitle_style: StyleChoice;
  custom_style: CustomStyle | null;
}

/**
 * The look a choice gives a video of the company: no choice is the company's default; the
 * company's own style is copied, so a later change of it leaves this video as it was burned.
 */
export function lookFor(company: CompanyLook, choice: StyleChoice | null, field = 'style'): VideoLook {
  if (choice === null) return { style: company.subtitle_style, custom: company.custom_style };
  if (choice !== CUSTOM_STYLE) return { style: choice, custom: null };
  if (!company.custom_style) throw new InvalidInput(STYLE_TEXTS.noCustomStyle, field);
  return { style: CUSTOM_STYLE, custom: company.custom_style };
}

/** The settings in one key order (jsonb keeps its own order, a parsed input another). */
function canonical(custom: CustomStyle | null): string {
  return custom ? JSON.stringify(custom, [...Object.keys(custom), 'colour', 'opacity'].sort()) : 'null';
}

/** Whether two looks draw the same subtitles. */
export function sameLook(a: VideoLook, b: VideoLook): boolean {
  return a.style === b.style && canonical(a.custom) === canonical(b.custom);
}
