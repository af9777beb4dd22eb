/**
 * Cue text for an ASS Dialogue line. Everything the user wrote is shown as written: an override
 * block `{\…}`, a lone brace or a typed `\N` must never act as a command to libass.
 */

/** A zero-width space after each backslash breaks every escape (`\N`, `\n`, `\h`, `\{`) without showing. */
const ZERO_WIDTH_SPACE = '\u200B';

export function escapeAssText(text: string): string {
  return text.replaceAll('\\', `\\${ZERO_WIDTH_SPACE}`).replaceAll('{', '\\{').replaceAll('}', '\\}');
}

const SRT_STYLE_TAG = /<(\/?)([ibu])>/gi;
const SRT_FONT_TAG = /<\/?font(?:\s[^>]*)?>/gi;

/** SRT's own formatting (<i>, <b>, <u>) becomes ASS styling; <font> is dropped (the style sets colours). */
function srtMarkupToAss(escaped: string): string {
  return escaped
    .replace(
      SRT_STYLE_TAG,
      (_tag, closing: string, name: string) => `{\\${name.toLowerCase()}${closing ? 0 : 1}}`,
    )
    .replace(SRT_FONT_TAG, '');
}

/** Lines of a cue joined by the explicit ASS line break chosen by the shaping. */
export function cueTextToAss(text: string): string {
  return text
    .split('\n')
    .map((line) => srtMarkupToAss(escapeAssText(line.trim())))
    .join('\\N');
}
