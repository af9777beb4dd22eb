/**
 * Find and replace as in a text editor: match case, whole word, regular expressions, next and
 * previous from where the user is, replace one match, those in chosen cues or all. It searches the
 * text as the cue fields show it (without `<i>` tags), and a replacement takes the formatting of the
 * text it replaces.
 */
import { type MarkedText, markupToSource, parseMarkup, replaceVisible } from './markup';
import type { EditorDoc } from './model';

export interface FindQuery {
  text: string;
  matchCase: boolean;
  wholeWord: boolean;
  regex: boolean;
}

export interface FindMatch {
  cueId: string;
  /** Visible characters, without the formatting tags. */
  start: number;
  end: number;
}

/** Where the search goes on from: a cue and a visible position in it. */
export interface FindFrom {
  cueId: string;
  index: number;
}

/** A pattern to search with, or why the query cannot be one (told in the field, never thrown). */
export type CompiledFind = { pattern: RegExp; error: null } | { pattern: null; error: string | null };

const WORD_CHAR = '[\\p{L}\\p{N}_]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function compileFind(query: FindQuery): CompiledFind {
  if (query.text === '') return { pattern: null, error: null };
  const body = query.regex ? query.text : escapeRegExp(query.text);
  const source = query.wholeWord ? `(?<!${WORD_CHAR})(?:${body})(?!${WORD_CHAR})` : body;
  try {
    const pattern = new RegExp(source, query.matchCase ? 'gu' : 'giu');
    if (pattern.test(''))
      return { pattern: null, error: 'This pattern matches empty text: add what it must find.' };
    return { pattern, error: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
    return { pattern: null, error: `Not a valid regular expression${reason ? ` (${reason})` : ''}.` };
  }
}

function matchesIn(text: string, pattern: RegExp): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const match of text.matchAll(pattern)) {
    if (match[0].length > 0) found.push({ start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** Every match of the document, in the order of the cues. */
export function findAll(doc: EditorDoc, pattern: RegExp): FindMatch[] {
  return doc.flatMap((cue) =>
    matchesIn(parseMarkup(cue.text).text, pattern).map((span) => ({ cueId: cue.id, ...span })),
  );
}

/**
 * The match after (or before, `step` −1) the position, going round the document's end; with no
 * position, the first (or last) one.
 */
export function findNext(
  doc: EditorDoc,
  pattern: RegExp,
  from: FindFrom | null,
  step: 1 | -1,
): { match: FindMatch; number: number; total: number } | null {
  const all = findAll(doc, pattern);
  if (all.length === 0) return null;
  const order = new Map(doc.map((cue, index) => [cue.id, index]));
  const place = from ? (order.get(from.cueId) ?? -1) : -1;
  const compare = (match: FindMatch) => {
    const cue = order.get(match.cueId) ?? 0;
    return cue !== place ? cue - place : match.start - (from?.index ?? 0);
  };
  let index: number;
  if (!from) index = step === 1 ? 0 : all.length - 1;
  else if (step === 1) {
    index = all.findIndex((match) => compare(match) > 0);
    if (index < 0) index = 0;
  } else {
    index = all.findLastIndex((match) => compare(match) < 0);
    if (index < 0) index = all.length - 1;
  }
  const match = all[index] as FindMatch;
  return { match, number: index + 1, total: all.length };
}

/**
 * `$1`, `$&` and `$<name>` of a regular expression's replacement as JavaScript reads them, for the
 * match at `span` (a sticky copy matches there alone, with the text around it for lookarounds).
 */
function expanded(text: string, pattern: RegExp, span: { start: number; end: number }, replacement: string) {
  const sticky = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}y`);
  sticky.lastIndex = span.start;
  const whole = text.replace(sticky, replacement);
  return whole.slice(span.start, whole.length - (text.length - span.end));
}

function replaceInText(
  source: string,
  pattern: RegExp,
  replacement: string,
  regex: boolean,
  only?: { start: number; end: number },
): { text: string; count: number } {
  const marked = parseMarkup(source);
  const spans: { start: number; end: number; insert: string }[] = [];
  for (const match of marked.text.matchAll(pattern)) {
    if (match[0].length === 0) continue;
    const span = { start: match.index, end: match.index + match[0].length };
    if (only && (span.start !== only.start || span.end !== only.end)) continue;
    spans.push({ ...span, insert: regex ? expanded(marked.text, pattern, span, replacement) : replacement });
  }
  if (spans.length === 0) return { text: source, count: 0 };
  let result: MarkedText = marked;
  for (const span of spans.reverse()) result = replaceVisible(result, span.start, span.end, span.insert);
  return { text: markupToSource(result), count: spans.length };
}

/**
 * Replaces the matches in the cues of `ids` (all cues when absent), or only `match`; `count` is
 * how many were replaced. Cues without a match stay the same objects.
 */
export function replaceMatches(
  doc: EditorDoc,
  query: FindQuery,
  replacement: string,
  scope: { ids?: readonly string[]; match?: FindMatch } = {},
): { doc: EditorDoc; count: number } {
  const { pattern } = compileFind(query);
  if (!pattern) return { doc, count: 0 };
  const chosen = scope.match ? new Set([scope.match.cueId]) : scope.ids ? new Set(scope.ids) : null;
  const insert = replacement.replace(/\r\n?/g, '\n');
  let count = 0;
  let changed = false;
  const result = doc.map((cue) => {
    if (chosen && !chosen.has(cue.id)) return cue;
    const replaced = replaceInText(cue.text, pattern, insert, query.regex, scope.match);
    count += replaced.count;
    if (replaced.text === cue.text) return cue;
    changed = true;
    return { ...cue, text: replaced.text };
  });
  return { doc: changed ? result : doc, count };
}
