/** An HTML-like tag in SRT text, spaces allowed as players allow them: `<i>`, `< /i >`, `<font color="red">`, `<blink>`. */
const TAG = /<\s*(\/?)\s*([A-Za-z][A-Za-z0-9]*)((?:\s[^<>]*)?)>/g;

/**
 * SRT markup as the product keeps it, the way ffmpeg (and pysubs2 by default) read it: `<i>`, `<b>`,
 * `<u>` in their plain spelling, `<font …>` as written (the burn-in drops it), `<br>` a line break, and
 * every other tag (`<s>`, `<blink>`, `<v Anna>`) dropped, so no player's markup is burned in as text.
 * A `<` not followed by a letter (`<3`, `1 < 2`) is text.
 */
export function tidySrtTags(text: string): string {
  return text.replace(TAG, (tag, closing: string, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'i' || lower === 'b' || lower === 'u') return `<${closing}${lower}>`;
    if (lower === 'font') return tag;
    if (lower === 'br') return '\n';
    return '';
  });
}
