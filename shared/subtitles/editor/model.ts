/**
 * The subtitle editor's document: cues with stable ids, kept in order of their start, and the
 * operations on it. Pure: every operation returns a new document and leaves the one it was given
 * alone; cues an operation does not touch are the same objects in the new document, so checks can
 * be cached per cue (rules.ts). Every operation is O(n) in the number of cues.
 *
 * Wrong input from the program (an unknown id, a time that is not a number, a cue that would end at
 * or before its start) throws an Error that says what was wrong; times below 0 are clamped to 0.
 */
import type { OutputLanguage } from '../../languages';
import type { PlanId } from '../../plans';
import type { Cue, CuePosition } from '../cue';
import { breakLines } from '../line-breaking';
import { cueLanguage } from '../scripts';
import { MIN_CUE_MS, MIN_GAP_MS } from '../standards';
import { characterCount } from '../text-width';

export interface EditorCue {
  id: string;
  startMs: number;
  endMs: number;
  text: string;
  /** Where the file placed the cue (`{\an8}`); the style's place when absent. */
  position?: CuePosition;
}

/** Cues sorted by `startMs` (cues starting together keep their order). */
export type EditorDoc = readonly EditorCue[];

/** Our choice: how long a cue inserted into a wide gap lasts before the user times it. */
export const NEW_CUE_MS = 2000;

const ID_PATTERN = /^c(\d+)$/;

/** Ids 'c1', 'c2', … in the order of the cues. */
export function docFromCues(cues: readonly Cue[]): EditorDoc {
  return [...cues]
    .sort((a, b) => a.startMs - b.startMs)
    .map((cue, index) => ({
      id: `c${index + 1}`,
      startMs: wholeMs(cue.startMs),
      endMs: wholeMs(cue.endMs),
      text: cue.text,
      ...(cue.position ? { position: cue.position } : {}),
    }));
}

export function cuesFromDoc(doc: EditorDoc): Cue[] {
  return doc.map(({ startMs, endMs, text, position }) => ({
    startMs,
    endMs,
    text,
    ...(position ? { position } : {}),
  }));
}

/**
 * An id no cue of the document has: 'c' and one more than the highest number in its 'cN' ids.
 * Deterministic, so the same edit gives the same id on the client and on the server.
 */
export function newCueId(doc: EditorDoc): string {
  let highest = 0;
  for (const cue of doc) {
    const match = ID_PATTERN.exec(cue.id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `c${highest + 1}`;
}

export function cueIndex(doc: EditorDoc, id: string): number {
  const index = doc.findIndex((cue) => cue.id === id);
  if (index < 0) throw new Error(`No cue with id "${id}" in the document`);
  return index;
}

function cueAt(doc: EditorDoc, index: number): EditorCue {
  const cue = doc[index];
  if (!cue) throw new Error(`No cue at position ${index}`);
  return cue;
}

/** A time as a whole number of milliseconds, at least 0. */
function wholeMs(ms: number): number {
  if (!Number.isFinite(ms)) throw new Error(`A cue time must be a finite number of milliseconds, not ${ms}`);
  return Math.max(0, Math.round(ms));
}

function checkSpan(cue: EditorCue): EditorCue {
  if (cue.endMs <= cue.startMs) {
    throw new Error(`Cue "${cue.id}" would end (${cue.endMs} ms) at or before its start (${cue.startMs} ms)`);
  }
  return cue;
}

function replaceAt(doc: EditorDoc, index: number, ...cues: EditorCue[]): EditorCue[] {
  const next = [...doc];
  next.splice(index, 1, ...cues);
  return next;
}

/** Puts `cue` where its start belongs among `others` (sorted): after every cue starting at or before it. */
function insertSorted(others: readonly EditorCue[], cue: EditorCue): EditorCue[] {
  let at = others.length;
  while (at > 0 && (others[at - 1]?.startMs ?? 0) > cue.startMs) at--;
  const next = [...others];
  next.splice(at, 0, cue);
  return next;
}

/** Line breaks as the editor stores them: `\n` only. */
function normaliseText(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function updateText(doc: EditorDoc, id: string, text: string): EditorDoc {
  const index = cueIndex(doc, id);
  const cue = cueAt(doc, index);
  const normalised = normaliseText(text);
  if (normalised === cue.text) return doc;
  return replaceAt(doc, index, { ...cue, text: normalised });
}

/** Places the cue (`{\an8}` at the top); `undefined` gives it the style's place back. */
export function setPosition(doc: EditorDoc, id: string, position: CuePosition | undefined): EditorDoc {
  const index = cueIndex(doc, id);
  const cue = cueAt(doc, index);
  if (cue.position === position) return doc;
  const { position: _was, ...rest } = cue;
  return replaceAt(doc, index, position === undefined ? rest : { ...rest, position });
}

/**
 * Whether new times keep the cue's end after its start: what a user types or sets from the playhead
 * is asked this first, since `setTiming` throws for a span that ends before it starts.
 */
export function keepsSpan(cue: EditorCue, timing: { startMs?: number; endMs?: number }): boolean {
  const startMs = timing.startMs ?? cue.startMs;
  const endMs = timing.endMs ?? cue.endMs;
  return (
    Number.isFinite(startMs) && Number.isFinite(endMs) && Math.round(endMs) > Math.max(0, Math.round(startMs))
  );
}

/**
 * A time moved by `frames` frames (negative: earlier) at `fps`, onto the frame grid: one frame later
 * is the next frame boundary after `ms`, one earlier the one before it. Times are whole ms, so a
 * time within half a ms of a boundary counts as on it (at 29.97 fps frame 30 is stored as 1001 ms).
 */
export function stepFrames(ms: number, frames: number, fps: number): number {
  const position = (ms * fps) / 1000;
  const halfMs = fps / 2000;
  const frame = frames >= 0 ? Math.floor(position + halfMs) + frames : Math.ceil(position - halfMs) + frames;
  return Math.max(0, Math.round((frame * 1000) / fps));
}

/** New times for a cue (either or both); the cue moves to its place in the order. */
export function setTiming(
  doc: EditorDoc,
  id: string,
  timing: { startMs?: number; endMs?: number },
): EditorDoc {
  const index = cueIndex(doc, id);
  const cue = cueAt(doc, index);
  const startMs = timing.startMs === undefined ? cue.startMs : wholeMs(timing.startMs);
  const endMs = timing.endMs === undefined ? cue.endMs : wholeMs(timing.endMs);
  if (startMs === cue.startMs && endMs === cue.endMs) return doc;
  const moved = checkSpan({ ...cue, startMs, endMs });
  if (startMs === cue.startMs) return replaceAt(doc, index, moved);
  return insertSorted(replaceAt(doc, index), moved);
}

/** Where a text may be split: the starts of its words, never 0 nor its end. */
function wordStarts(text: string): number[] {
  const starts: number[] = [];
  if (/\S\s+\S/u.test(text.trim())) {
    // Spaced text: after each run of spaces or line breaks.
    for (const match of text.matchAll(/\s+/gu)) {
      const at = match.index + match[0].length;
      if (match.index > 0 && at < text.length) starts.push(at);
    }
    return starts;
  }
  // Text without spaces (zh, ja, th): word starts from Intl.Segmenter, punctuation kept with the word before.
  for (const part of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)) {
    if (part.isWordLike && part.index > 0) starts.push(part.index);
  }
  return starts;
}

/** The word start nearest `charIndex`; the text's start or end when it has one word only. */
function splitPoint(text: string, charIndex: number): number {
  let best: number | null = null;
  for (const start of wordStarts(text)) {
    if (best === null || Math.abs(start - charIndex) < Math.abs(best - charIndex)) best = start;
  }
  if (best !== null) return best;
  return charIndex * 2 < text.length ? 0 : text.length;
}

/**
 * Splits a cue in two. The text splits at the word start nearest `charIndex` (a split at the very
 * start or end moves to the first or last word start, so both cues keep words; a one-word cue keeps
 * its text in the cue on the side away from `charIndex`, the other cue is empty). Without
 * `charIndex` the text splits where `ms` falls in it, or in the middle.
 * The time splits at `ms`, or in proportion to the characters of the two texts; the two cues are
 * 80 ms apart (SUBTITLE-STYLE.md, Timing: `MIN_GAP_MS`) when the cue is long enough. The first cue
 * keeps the id.
 */
export function splitCue(doc: EditorDoc, id: string, at: { charIndex?: number; ms?: number }): EditorDoc {
  const index = cueIndex(doc, id);
  const cue = cueAt(doc, index);
  const duration = cue.endMs - cue.startMs;
  if (duration < 2) throw new Error(`Cue "${id}" lasts ${duration} ms: too short to split`);
  const wanted =
    at.charIndex ??
    (at.ms === undefined ? cue.text.length / 2 : (cue.text.length * (at.ms - cue.startMs)) / duration);
  const point = splitPoint(cue.text, Math.min(Math.max(wanted, 0), cue.text.length));
  const firstText = cue.text.slice(0, point).trimEnd();
  const secondText = cue.text.slice(point).trimStart();
  const firstCount = characterCount(firstText);
  const secondCount = characterCount(secondText);
  const share = firstCount === 0 || secondCount === 0 ? 0.5 : firstCount / (firstCount + secondCount);
  const splitMs = Math.round(at.ms ?? cue.startMs + duration * share);
  const middle = Math.min(Math.max(splitMs, cue.startMs + 1), cue.endMs - 1);
  const halfGap = MIN_GAP_MS / 2;
  const roomForGap = middle - halfGap > cue.startMs && middle + halfGap < cue.endMs;
  const first: EditorCue = { ...cue, endMs: roomForGap ? middle - halfGap : middle, text: firstText };
  const second: EditorCue = {
    id: newCueId(doc),
    startMs: roomForGap ? middle + halfGap : middle,
    endMs: cue.endMs,
    text: secondText,
  };
  return replaceAt(doc, index, first, second);
}

/**
 * Joins a cue and the one after it into one cue from the first start to the later end, texts on
 * separate lines (reflowCue re-breaks them). The first cue keeps its id. The last cue has nothing
 * to merge with: the document comes back unchanged.
 */
export function mergeWithNext(doc: EditorDoc, id: string): EditorDoc {
  const index = cueIndex(doc, id);
  const cue = cueAt(doc, index);
  const next = doc[index + 1];
  if (!next) return doc;
  const text = [cue.text.trim(), next.text.trim()].filter((part) => part.length > 0).join('\n');
  const merged = { ...cue, endMs: Math.max(cue.endMs, next.endMs), text };
  const result = replaceAt(doc, index, merged);
  result.splice(index + 1, 1);
  return result;
}

/**
 * A new empty cue in the gap after `afterId` (null: before the first cue), 80 ms from its
 * neighbours (SUBTITLE-STYLE.md, Timing: `MIN_GAP_MS`), lasting up to `NEW_CUE_MS`; at `atMs` when
 * given (moved into the gap). A gap too small for that still gets the cue, at its start and
 * `MIN_CUE_MS` long: it overlaps the next cue and the overlap rule shows it.
 */
export function insertCue(doc: EditorDoc, afterId: string | null, atMs?: number): EditorDoc {
  const index = afterId === null ? -1 : cueIndex(doc, afterId);
  const previous = doc[index];
  const next = doc[index + 1];
  const gapStart = previous ? previous.endMs + MIN_GAP_MS : 0;
  const gapEnd = next ? next.startMs - MIN_GAP_MS : Number.POSITIVE_INFINITY;
  const wanted = atMs === undefined ? gapStart : wholeMs(atMs);
  let startMs = Math.max(gapStart, Math.min(wanted, gapEnd));
  let endMs = Math.min(startMs + NEW_CUE_MS, gapEnd);
  if (endMs <= startMs) {
    // No later than the next cue's start, so the order by start holds even when the neighbours overlap.
    startMs = Math.min(previous?.endMs ?? 0, next?.startMs ?? Number.POSITIVE_INFINITY);
    endMs = startMs + MIN_CUE_MS;
  }
  const result = [...doc];
  result.splice(index + 1, 0, { id: newCueId(doc), startMs, endMs, text: '' });
  return result;
}

export function deleteCue(doc: EditorDoc, id: string): EditorDoc {
  return replaceAt(doc, cueIndex(doc, id));
}

/**
 * Moves cues (all, or those of `ids`) by `offsetMs`. An offset that would take a cue below 0 is
 * clamped so that the earliest moved cue starts at 0: the moved cues keep their times relative to
 * each other and no cue loses duration.
 */
export function shiftCues(doc: EditorDoc, offsetMs: number, ids?: readonly string[]): EditorDoc {
  if (!Number.isFinite(offsetMs))
    throw new Error(`A shift must be a finite number of milliseconds, not ${offsetMs}`);
  const chosen = ids ? new Set(ids) : null;
  if (chosen) {
    const known = new Set(doc.map((cue) => cue.id));
    for (const id of chosen) if (!known.has(id)) throw new Error(`No cue with id "${id}" in the document`);
  }
  const isMoved = (cue: EditorCue) => chosen === null || chosen.has(cue.id);
  let earliest = Number.POSITIVE_INFINITY;
  for (const cue of doc) if (isMoved(cue)) earliest = Math.min(earliest, cue.startMs);
  if (earliest === Number.POSITIVE_INFINITY) return doc;
  const offset = Math.max(Math.round(offsetMs), -earliest);
  if (offset === 0) return doc;
  const moved: EditorCue[] = [];
  const stayed: EditorCue[] = [];
  for (const cue of doc) {
    if (isMoved(cue)) moved.push({ ...cue, startMs: cue.startMs + offset, endMs: cue.endMs + offset });
    else stayed.push(cue);
  }
  return mergeSorted(stayed, moved);
}

/** Two sorted lists as one, in O(n); on equal starts the cue that did not move comes first. */
function mergeSorted(first: readonly EditorCue[], second: readonly EditorCue[]): EditorCue[] {
  const result: EditorCue[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    const a = first[i];
    const b = second[j];
    if (a && (!b || a.startMs <= b.startMs)) {
      result.push(a);
      i++;
    } else if (b) {
      result.push(b);
      j++;
    }
  }
  return result;
}

/**
 * Re-breaks a cue's lines the way the product breaks them for the cue's language (its script's) (`breakLines`: at most
 * two lines within the language's width, at natural points). Line breaking does not depend on the
 * reading-speed plan: `plan` is taken so callers pass the same rules they check with.
 * For zh, ja and th this loads budoux, which only the server can (see phrase-segmentation.ts).
 */
export function reflowCue(
  doc: EditorDoc,
  id: string,
  rules: { plan: PlanId; language: OutputLanguage },
): EditorDoc {
  const index = cueIndex(doc, id);
  const cue = cueAt(doc, index);
  const text = breakLines(cue.text, cueLanguage(cue.text, rules.language));
  return text === cue.text ? doc : replaceAt(doc, index, { ...cue, text });
}
