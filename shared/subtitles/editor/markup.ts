/**
 * A cue's SRT formatting (`<i>`, `<b>`, `<u>`) as the editor shows it: the visible characters, each
 * with the marks it is drawn with, and back to tagged SRT text. The stored text always stays SRT.
 */

export type Mark = 'b' | 'i' | 'u';

/** Opened in this order and closed in the reverse, so the tags written always nest. */
export const MARKS: readonly Mark[] = ['b', 'i', 'u'];

const BIT: Record<Mark, number> = { b: 1, i: 2, u: 4 };

/** The visible text and, per character, its marks as bits (b 1, i 2, u 4). */
export interface MarkedText {
  text: string;
  marks: readonly number[];
}

/** A stretch of characters with the same marks. */
export interface MarkedRun {
  text: string;
  marks: readonly Mark[];
}

const STYLE_TAG = /<(\/?)([biu])>/gi;

export function hasMark(bits: number, mark: Mark): boolean {
  return (bits & BIT[mark]) !== 0;
}

/** Tags open and close by count, as ffmpeg reads them: a stray `</i>` closes nothing. */
export function parseMarkup(source: string): MarkedText {
  const depth: Record<Mark, number> = { b: 0, i: 0, u: 0 };
  let text = '';
  const marks: number[] = [];
  let last = 0;
  const take = (piece: string) => {
    const bits = MARKS.reduce((sum, mark) => (depth[mark] > 0 ? sum | BIT[mark] : sum), 0);
    text += piece;
    for (let index = 0; index < piece.length; index++) marks.push(bits);
  };
  for (const match of source.matchAll(STYLE_TAG)) {
    take(source.slice(last, match.index));
    last = match.index + match[0].length;
    const mark = (match[2] ?? 'i').toLowerCase() as Mark;
    depth[mark] = match[1] ? Math.max(0, depth[mark] - 1) : depth[mark] + 1;
  }
  take(source.slice(last));
  return { text, marks };
}

export function runsOf({ text, marks }: MarkedText): MarkedRun[] {
  const runs: MarkedRun[] = [];
  let start = 0;
  for (let index = 1; index <= text.length; index++) {
    if (index < text.length && marks[index] === marks[start]) continue;
    const bits = marks[start] ?? 0;
    runs.push({ text: text.slice(start, index), marks: MARKS.filter((mark) => hasMark(bits, mark)) });
    start = index;
  }
  return runs;
}

/**
 * Tagged SRT text, and for each visible position the index in it: after the tags that close
 * before that character and before those that open on it (where a split at that point cuts).
 */
export function writeMarkup({ text, marks }: MarkedText): { source: string; offsets: number[] } {
  let source = '';
  const offsets: number[] = [];
  const open: Mark[] = [];
  for (let index = 0; index <= text.length; index++) {
    const bits = index < text.length ? (marks[index] ?? 0) : 0;
    // Close down to the longest prefix of the open tags the character keeps, then open the rest.
    let keep = 0;
    while (keep < open.length && hasMark(bits, open[keep] as Mark)) keep++;
    while (open.length > keep) source += `</${open.pop()}>`;
    offsets.push(source.length);
    for (const mark of MARKS) {
      if (hasMark(bits, mark) && !open.includes(mark)) {
        source += `<${mark}>`;
        open.push(mark);
      }
    }
    if (index < text.length) source += text[index];
  }
  return { source, offsets };
}

export function markupToSource(marked: MarkedText): string {
  return writeMarkup(marked).source;
}

/** The index in the tagged text of a visible position (clamped to the text). */
export function sourceOffset(marked: MarkedText, visible: number): number {
  const { offsets } = writeMarkup(marked);
  return offsets[Math.max(0, Math.min(visible, offsets.length - 1))] ?? 0;
}

/**
 * Turns a mark on for the visible characters from `start` to `end` (the whole text when they are
 * equal), or off when all of them have it already, as word processors do.
 */
export function toggleMark(source: string, mark: Mark, start: number, end: number): string {
  const marked = parseMarkup(source);
  const [from, to] = start === end ? [0, marked.text.length] : [Math.min(start, end), Math.max(start, end)];
  if (from >= to) return source;
  const range = marked.marks.slice(from, to);
  const allMarked = range.every((bits) => hasMark(bits, mark));
  const marks = marked.marks.map((bits, index) => {
    if (index < from || index >= to) return bits;
    return allMarked ? bits & ~BIT[mark] : bits | BIT[mark];
  });
  return markupToSource({ text: marked.text, marks });
}

/** Replaces visible characters; the new ones take the marks of the first character replaced. */
export function replaceVisible(marked: MarkedText, start: number, end: number, insert: string): MarkedText {
  const bits = marked.marks[start] ?? marked.marks[start - 1] ?? 0;
  return {
    text: marked.text.slice(0, start) + insert + marked.text.slice(end),
    marks: [...marked.marks.slice(0, start), ...insert.split('').map(() => bits), ...marked.marks.slice(end)],
  };
}
