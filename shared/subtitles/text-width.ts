import type { WidthRule } from './language-profile';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Half-width katakana and half-width Hangul (U+FF61–U+FFDC) count as half-width. */
const HALF_WIDTH_FORMS = /^[\uFF61-\uFFDC\uFFE8-\uFFEE]/u;
/** Hangul, kana, Han, CJK punctuation and full-width forms. */
const FULL_WIDTH =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\u30FC\uFF01-\uFF60\uFFE0-\uFFE6]/u;

/** Characters a reader reads, for characters per second: graphemes, line breaks excluded. */
export function characterCount(text: string): number {
  let count = 0;
  for (const part of graphemes.segment(visibleText(text).replaceAll('\n', ''))) {
    if (part.segment.length > 0) count += 1;
  }
  return count;
}

function graphemeWidth(grapheme: string, rule: WidthRule): number {
  if (rule === 'grapheme') return 1;
  if (HALF_WIDTH_FORMS.test(grapheme)) return 0.5;
  return FULL_WIDTH.test(grapheme) ? 1 : 0.5;
}

/** Width of a line under a language's counting rule (see language-profile.ts). */
export function displayWidth(text: string, rule: WidthRule): number {
  if (rule === 'grapheme' && isPlainAscii(text)) return text.length;
  let width = 0;
  for (const part of graphemes.segment(text)) width += graphemeWidth(part.segment, rule);
  return width;
}

function isPlainAscii(text: string): boolean {
  return /^[\x20-\x7E]*$/.test(text);
}

/** Text as shown: SRT formatting tags (<i>, <b>, <u>, <font>) and ASS override blocks removed. */
export function visibleText(text: string): string {
  return text.replace(/<\/?(?:[ibu]|font)(?:\s[^>]*)?>/gi, '').replace(/\{\\[^}]*\}/g, '');
}
