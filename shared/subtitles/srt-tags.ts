/** A tag SRT players draw, spaces allowed inside as ffmpeg and pysubs2 allow them: `< i>`, `</i >`, `< b >`. */
const STYLE_TAG = /<\s*(\/?)\s*([ibu])\s*>/gi;
/** Any other tag, its name right after `<` or `</` (`<font color="red">`, `<blink>`, `<v Anna>`), as ffmpeg tells one. */
const OTHER_TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?>/g;

/**
 * SRT markup as the product keeps it, the way ffmpeg (and pysubs2 by default) read it: `<i>`, `<b>`,
 * `<u>` in their plain spelling, `<font …>` as written (the burn-in drops it), `<br>` a line break, and
 * every other tag (`<s>`, `<blink>`, `<v Anna>`) dropped, so no player's markup is burned in as text.
 * A `<` that opens no tag (`<3`, `1 < 2`, `< blink>`) is text.
 */
export function tidySrtTags(text: string): string {
  return text
    .replace(STYLE_TAG, (_tag, closing: string, name: string) => `<${closing}${name.toLowerCase()}>`)
    .replace(OTHER_TAG, (tag, closing: string, name: string) => {
      const lower = name.toLowerCase();
      if (lower === 'i' || lower === 'b' || lower === 'u') return `<${closing}${lower}>`;
      if (lower === 'font') return tag;
      if (lower === 'br') return '\n';
      return '';
    });
}
