import type { OutputLanguage } from '../../shared/languages';

/** Google's documented cap on text segments per translate request. */
export const MAX_TEXTS_PER_REQUEST = 128;
/** A request size well below Google's content quotas, so one long video never trips them. */
export const MAX_CODE_POINTS_PER_REQUEST = 5_000;

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Cue texts split into requests in order; a single over-long text still gets its own request. */
export function translationBatches(
  texts: readonly string[],
  limits = { maxTexts: MAX_TEXTS_PER_REQUEST, maxCodePoints: MAX_CODE_POINTS_PER_REQUEST },
): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const text of texts) {
    const length = codePoints(text);
    const full =
      current.length >= limits.maxTexts || (current.length > 0 && size + length > limits.maxCodePoints);
    if (full) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(text);
    size += length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * Google escapes some characters (&#39;, &quot;, &amp;) even with format "text". Decoded in one
 * pass, so "&amp;lt;" becomes "&lt;" as written, not "<".
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Google's language codes where they differ from ours: plain "zh" is ambiguous to it. */
const GOOGLE_CODES: Partial<Record<OutputLanguage, string>> = { zh: 'zh-CN' };

export function googleLanguageCode(language: OutputLanguage): string {
  return GOOGLE_CODES[language] ?? language;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What Google must not translate: names kept as written, and terms with a fixed translation. */
export interface ProtectedTerms {
  keep: readonly string[];
  fixed: readonly { term: string; translation: string }[];
}

/**
 * A cue text as HTML for Google with the glossary protected (Google leaves `translate="no"` spans
 * alone): kept names stay, fixed terms are replaced by their translation first. Longest terms first,
 * so "Zorgverzekeraar XYZ" wins over "XYZ".
 */
export function protectTerms(text: string, terms: ProtectedTerms): string {
  const replacements = [
    ...terms.keep.map((term) => ({ term, output: term })),
    ...terms.fixed.map(({ term, translation }) => ({ term, output: translation })),
  ].sort((a, b) => b.term.length - a.term.length);
  if (replacements.length === 0) return escapeHtml(text);
  const pattern = new RegExp(
    replacements.map(({ term }) => `(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`).join('|'),
    'giu',
  );
  let html = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const found = replacements.find(({ term }) => term.toLowerCase() === match[0].toLowerCase());
    html += escapeHtml(text.slice(last, match.index));
    html += `<span translate="no">${escapeHtml(found?.output ?? match[0])}</span>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** Google's HTML answer back to plain text: the protection spans removed, entities decoded. */
export function unprotectTerms(html: string): string {
  return decodeHtmlEntities(html.replace(/<\/?span[^>]*>/gi, ''));
}
