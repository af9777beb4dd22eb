/**
 * Cue text for each export, escaped so that ffmpeg and libass (which draws the burn-in, and ffmpeg's
 * SRT and WebVTT as ASS events) show exactly the characters the user typed.
 */

/** Invisible; placed only where a typed sequence would otherwise be obeyed and no escape exists. */
export const ZERO_WIDTH_SPACE = '\u200B';

/**
 * `\N`, `\n` and `\h` typed in text: libass has no escape for a backslash, so a zero-width space
 * after it keeps the line unbroken. So does one at the end of the text, where an override block the
 * export adds (a font switch, SRT styling) may follow and would otherwise read as an escaped brace.
 * A backslash before anything else is shown as it is.
 */
export function breakBackslashEscapes(text: string): string {
  return text.replace(/\\(?=[Nnh]|$)/g, `\\${ZERO_WIDTH_SPACE}`);
}

/** Braces as `\{` and `\}`, which libass draws as braces (ffmpeg's WebVTT reader writes them so). */
function escapeBraces(text: string): string {
  return text.replace(/[{}]/g, '\\$&');
}

/** Text for an ASS Dialogue line: an override block `{\…}`, a lone brace or a typed `\N` never acts. */
export function escapeAssText(text: string): string {
  return escapeBraces(breakBackslashEscapes(text));
}

/** Tags ffmpeg's SRT reader obeys and the product keeps as styling. */
const KEPT_SRT_TAG = /^<\/?(?:[ibu]>|font[\s>])/i;

/**
 * Cue text for SRT as ffmpeg reads it into ASS: braces escaped as in ASS, with a zero-width space
 * where its reader would still take `{\…}` or `{c:…}` for a command; a `<` that would open an
 * unknown tag (ffmpeg drops `<…>`, across lines too), or a known one spaced (`a < b > c`, which ffmpeg
 * and the product's reader take for bold), gets a zero-width space after it, which neither takes for a
 * tag name. `&` stays: ffmpeg shows references in SRT as typed.
 */
export function escapeSrtText(text: string): string {
  const braces = text
    .split('\n')
    .map((line) => escapeAssText(line).replace(/\{(?=\\|[CcFf]:)/g, `{${ZERO_WIDTH_SPACE}`))
    .join('\n');
  return braces.replace(/<(?=[^<])(?=[\s\S]*>)/g, (bracket, offset: number, whole: string) =>
    KEPT_SRT_TAG.test(whole.slice(offset)) ? bracket : `<${ZERO_WIDTH_SPACE}`,
  );
}

/** What the SRT reader undoes: the zero-width spaces and brace escapes `escapeSrtLine` wrote. */
export function unescapeSrtLine(line: string): string {
  return line.replace(/([\\<{])\u200B/g, '$1').replace(/\\([{}])/g, '$1');
}

/** SRT's formatting tags, captured (a split keeps them at the odd places). */
export const SRT_MARKUP = /(<\/?[ibu]>|<\/?font(?:\s[^>]*)?>)/i;
const SRT_STYLE_TAG = /^<(\/?)([ibu])>$/i;

/** SRT's own formatting (<i>, <b>, <u>) becomes ASS styling; <font> is dropped (the style sets colours). */
function srtTagToAss(tag: string): string {
  const [, closing, name = ''] = SRT_STYLE_TAG.exec(tag) ?? [];
  return name ? `{\\${name.toLowerCase()}${closing ? 0 : 1}}` : '';
}

/**
 * Text of one line (or part of one) for an ASS Dialogue line: escaped, SRT's formatting as ASS
 * styling. The text between tags is escaped piece by piece, so a backslash before a tag neither
 * escapes the block that replaces it nor joins the letter after a dropped one.
 */
export function lineTextToAss(text: string): string {
  return text
    .split(SRT_MARKUP)
    .map((piece, index) => (index % 2 === 1 ? srtTagToAss(piece) : escapeAssText(piece)))
    .join('');
}

/** Lines of a cue joined by the explicit ASS line break chosen by the shaping. */
export function cueTextToAss(text: string): string {
  return text
    .split('\n')
    .map((line) => lineTextToAss(line.trim()))
    .join('\\N');
}
