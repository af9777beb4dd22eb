import { describe, expect, it } from 'vitest';
import type { Cue } from '../cue';
import { MIN_CUE_MS, MIN_GAP_MS } from '../standards';
import {
  cuesFromDoc,
  deleteCue,
  docFromCues,
  type EditorDoc,
  insertCue,
  keepsSpan,
  mergeWithNext,
  NEW_CUE_MS,
  reflowCue,
  setTiming,
  shiftCues,
  splitCue,
  stepFrames,
  updateText,
} from './model';

const cues: Cue[] = [
  { startMs: 1000, endMs: 3000, text: 'The quick brown fox' },
  { startMs: 3500, endMs: 5000, text: 'jumps over\nthe lazy dog.' },
  { startMs: 6000, endMs: 8000, text: 'The end.' },
];

/** A frozen copy: an operation that mutated its input would throw. */
function frozen(doc: EditorDoc): EditorDoc {
  for (const cue of doc) Object.freeze(cue);
  return Object.freeze([...doc]);
}

const doc = frozen(docFromCues(cues));
const ids = (d: EditorDoc) => d.map((cue) => cue.id);
const spans = (d: EditorDoc) => d.map((cue) => [cue.startMs, cue.endMs]);
const texts = (d: EditorDoc) => d.map((cue) => cue.text);

describe('docFromCues and cuesFromDoc', () => {
  it('gives stable unique ids, sorts by start and gives the cues back', () => {
    const shuffled = docFromCues([cues[2], cues[0], cues[1]] as Cue[]);
    expect(ids(shuffled)).toEqual(['c1', 'c2', 'c3']);
    expect(cuesFromDoc(shuffled)).toEqual(cues);
    expect(ids(docFromCues(cues))).toEqual(ids(doc));
  });

  it('leaves out what the editor does not keep (spoken times)', () => {
    const [cue] = cuesFromDoc(docFromCues([{ ...cues[0], spoken: { startMs: 1000, endMs: 2000 } } as Cue]));
    expect(cue).toEqual(cues[0]);
  });
});

describe('updateText', () => {
  it('changes one cue and shares the others', () => {
    const next = updateText(doc, 'c2', 'jumps\r\nhigh');
    expect(texts(next)).toEqual(['The quick brown fox', 'jumps\nhigh', 'The end.']);
    expect(next[0]).toBe(doc[0]);
    expect(next[2]).toBe(doc[2]);
    expect(doc[1]?.text).toBe('jumps over\nthe lazy dog.');
  });

  it('returns the same document for the same text, and throws for an unknown id', () => {
    expect(updateText(doc, 'c1', 'The quick brown fox')).toBe(doc);
    expect(() => updateText(doc, 'nope', 'x')).toThrow('No cue with id "nope"');
  });
});

describe('setTiming', () => {
  it('sets either time, rounds to whole ms and clamps below zero', () => {
    expect(spans(setTiming(doc, 'c1', { endMs: 3200.4 }))[0]).toEqual([1000, 3200]);
    expect(spans(setTiming(doc, 'c1', { startMs: -250 }))[0]).toEqual([0, 3000]);
  });

  it('moves a cue to its place in the order', () => {
    const next = setTiming(doc, 'c1', { startMs: 9000, endMs: 10_000 });
    expect(ids(next)).toEqual(['c2', 'c3', 'c1']);
    expect(ids(setTiming(next, 'c1', { startMs: 3500 }))).toEqual(['c2', 'c1', 'c3']);
  });

  it('tells before an edit whether new times keep the end after the start', () => {
    const cue = { id: 'c1', startMs: 1000, endMs: 2000, text: 'a' };
    expect(keepsSpan(cue, { endMs: 1500 })).toBe(true);
    expect(keepsSpan(cue, { endMs: 1000 })).toBe(false);
    expect(keepsSpan(cue, { startMs: 2500 })).toBe(false);
    expect(keepsSpan(cue, { startMs: -50, endMs: 0 })).toBe(false);
    expect(keepsSpan(cue, { startMs: Number.NaN })).toBe(false);
  });

  it('refuses a cue that would end at or before its start', () => {
    expect(() => setTiming(doc, 'c1', { endMs: 1000 })).toThrow(
      /would end \(1000 ms\) at or before its start/,
    );
    expect(() => setTiming(doc, 'c1', { startMs: -5, endMs: -1 })).toThrow(/at or before its start/);
    expect(() => setTiming(doc, 'c1', { startMs: Number.NaN })).toThrow(/finite number/);
  });
});

describe('splitCue', () => {
  it('splits the text at the word start nearest the index and the time in proportion to the text', () => {
    // "The quick brown fox": index 8 is inside "quick"; the nearest word start is "brown" (10).
    const next = splitCue(doc, 'c1', { charIndex: 8 });
    expect(texts(next).slice(0, 2)).toEqual(['The quick', 'brown fox']);
    expect(ids(next)).toEqual(['c1', 'c4', 'c2', 'c3']);
    // 9 and 9 characters: the middle, 2 frames apart.
    expect(spans(next).slice(0, 2)).toEqual([
      [1000, 2000 - MIN_GAP_MS / 2],
      [2000 + MIN_GAP_MS / 2, 3000],
    ]);
  });

  it('splits the time at ms when given, and the text where that time falls without an index', () => {
    const next = splitCue(doc, 'c1', { ms: 1500 });
    expect(texts(next).slice(0, 2)).toEqual(['The', 'quick brown fox']);
    expect(spans(next).slice(0, 2)).toEqual([
      [1000, 1460],
      [1540, 3000],
    ]);
  });

  it('splits at a line break and across lines', () => {
    expect(texts(splitCue(doc, 'c2', { charIndex: 11 })).slice(1, 3)).toEqual([
      'jumps over',
      'the lazy dog.',
    ]);
  });

  it('moves a split at the very start or end to the first or last word start', () => {
    expect(texts(splitCue(doc, 'c1', { charIndex: 0 })).slice(0, 2)).toEqual(['The', 'quick brown fox']);
    expect(texts(splitCue(doc, 'c1', { charIndex: 19 })).slice(0, 2)).toEqual(['The quick brown', 'fox']);
  });

  it('keeps a one-word text away from the split point, the new cue empty, the time halved', () => {
    const oneWord = docFromCues([{ startMs: 0, endMs: 1000, text: 'Hello' }]);
    const atStart = splitCue(oneWord, 'c1', { charIndex: 0 });
    expect(texts(atStart)).toEqual(['', 'Hello']);
    expect(spans(atStart)).toEqual([
      [0, 460],
      [540, 1000],
    ]);
    expect(texts(splitCue(oneWord, 'c1', { charIndex: 5 }))).toEqual(['Hello', '']);
  });

  it('splits text without spaces at a word boundary', () => {
    const japanese = docFromCues([{ startMs: 0, endMs: 2000, text: '今日は天気がいいです' }]);
    const [first, second] = texts(splitCue(japanese, 'c1', { charIndex: 5 }));
    expect(`${first}${second}`).toBe('今日は天気がいいです');
    expect(first?.length).toBeGreaterThan(0);
    expect(second?.length).toBeGreaterThan(0);
  });

  it('splits a cue too short for the gap without one, and refuses one too short to split', () => {
    const short = docFromCues([{ startMs: 0, endMs: 50, text: 'a b' }]);
    expect(spans(splitCue(short, 'c1', {}))).toEqual([
      [0, 25],
      [25, 50],
    ]);
    const tiny = docFromCues([{ startMs: 0, endMs: 1, text: 'a b' }]);
    expect(() => splitCue(tiny, 'c1', {})).toThrow(/too short to split/);
  });
});

describe('mergeWithNext', () => {
  it('joins the texts on separate lines, from the first start to the later end', () => {
    const next = mergeWithNext(doc, 'c1');
    expect(ids(next)).toEqual(['c1', 'c3']);
    expect(next[0]).toEqual({
      id: 'c1',
      startMs: 1000,
      endMs: 5000,
      text: 'The quick brown fox\njumps over\nthe lazy dog.',
    });
  });

  it('leaves the document as it is for the last cue', () => {
    expect(mergeWithNext(doc, 'c3')).toBe(doc);
  });

  it('drops an empty text instead of leaving an empty line', () => {
    const withEmpty = insertCue(doc, 'c1');
    expect(mergeWithNext(withEmpty, 'c1')[0]?.text).toBe('The quick brown fox');
  });
});

describe('insertCue', () => {
  it('puts an empty cue 2 frames after the cue, as long as the gap allows', () => {
    const next = insertCue(doc, 'c1');
    expect(ids(next)).toEqual(['c1', 'c4', 'c2', 'c3']);
    expect(next[1]).toEqual({ id: 'c4', startMs: 3000 + MIN_GAP_MS, endMs: 3500 - MIN_GAP_MS, text: '' });
  });

  it('inserts before the first cue, after the last, and at a time moved into the gap', () => {
    expect(insertCue(doc, null)[0]).toEqual({ id: 'c4', startMs: 0, endMs: 1000 - MIN_GAP_MS, text: '' });
    expect(insertCue(doc, 'c3')[3]).toEqual({ id: 'c4', startMs: 8080, endMs: 8080 + NEW_CUE_MS, text: '' });
    expect(spans(insertCue(doc, 'c2', 5500))[2]).toEqual([5500, 6000 - MIN_GAP_MS]);
    expect(spans(insertCue(doc, 'c2', 100))[2]).toEqual([5080, 6000 - MIN_GAP_MS]);
  });

  it('still inserts into a zero gap: at its start, the shortest cue, overlapping the next', () => {
    const touching = docFromCues([
      { startMs: 0, endMs: 1000, text: 'a' },
      { startMs: 1000, endMs: 2000, text: 'b' },
    ]);
    const next = insertCue(touching, 'c1');
    expect(next[1]).toEqual({ id: 'c3', startMs: 1000, endMs: 1000 + MIN_CUE_MS, text: '' });
    expect(ids(next)).toEqual(['c1', 'c3', 'c2']);
  });

  it('never reuses an id in the document', () => {
    const next = insertCue(deleteCue(doc, 'c2'), 'c1');
    expect(ids(next)).toEqual(['c1', 'c4', 'c3']);
  });
});

describe('deleteCue', () => {
  it('removes one cue and throws for an unknown id', () => {
    expect(ids(deleteCue(doc, 'c2'))).toEqual(['c1', 'c3']);
    expect(() => deleteCue(doc, 'c9')).toThrow('No cue with id "c9"');
  });
});

describe('shiftCues', () => {
  it('moves every cue, or only the chosen ones, keeping the order', () => {
    expect(spans(shiftCues(doc, 250))).toEqual([
      [1250, 3250],
      [3750, 5250],
      [6250, 8250],
    ]);
    const next = shiftCues(doc, 3000, ['c1']);
    expect(ids(next)).toEqual(['c2', 'c1', 'c3']);
    expect(next[0]).toBe(doc[1]);
  });

  it('clamps a shift below zero so the earliest moved cue starts at 0, durations kept', () => {
    expect(spans(shiftCues(doc, -5000))).toEqual([
      [0, 2000],
      [2500, 4000],
      [5000, 7000],
    ]);
    expect(spans(shiftCues(doc, -7000, ['c3']))[0]).toEqual([0, 2000]);
    expect(ids(shiftCues(doc, -7000, ['c3']))).toEqual(['c3', 'c1', 'c2']);
  });

  it('returns the same document for no shift and throws for an unknown id', () => {
    expect(shiftCues(doc, 0)).toBe(doc);
    expect(shiftCues(doc, -10, ['c1', 'c2']).length).toBe(3);
    expect(() => shiftCues(doc, 100, ['c7'])).toThrow('No cue with id "c7"');
  });
});

describe('reflowCue', () => {
  it("re-breaks a cue's lines with the product's line breaking for the language", () => {
    const long = docFromCues([
      {
        startMs: 0,
        endMs: 4000,
        text: 'When we finally reached the station, the\nlast train had already gone.',
      },
    ]);
    expect(reflowCue(long, 'c1', { plan: '17', language: 'en' })[0]?.text).toBe(
      'When we finally reached the station,\nthe last train had already gone.',
    );
  });

  it('returns the same document when the lines are already right', () => {
    expect(reflowCue(doc, 'c3', { plan: '17', language: 'en' })).toBe(doc);
  });

  it('breaks Japanese within its 13-character width', () => {
    const japanese = docFromCues([
      { startMs: 0, endMs: 4000, text: '今日はとても良い天気なので公園に散歩に行きましょう' },
    ]);
    const lines = reflowCue(japanese, 'c1', { plan: '15', language: 'ja' })[0]?.text.split('\n') ?? [];
    expect(lines.length).toBe(2);
    expect(lines.join('')).toBe('今日はとても良い天気なので公園に散歩に行きましょう');
  });
});

describe('stepFrames', () => {
  it('moves a time to the next or previous frame boundary, in whole ms', () => {
    expect(stepFrames(1000, 1, 25)).toBe(1040);
    expect(stepFrames(1000, -1, 25)).toBe(960);
    expect(stepFrames(1010, 1, 25)).toBe(1040);
    expect(stepFrames(1010, -1, 25)).toBe(1000);
    expect(stepFrames(1000, 1, 24)).toBe(1042);
    expect(stepFrames(1042, 1, 24)).toBe(1083);
  });

  it('takes a stored time within half a ms of a boundary as on it (29.97 fps), and stops at 0', () => {
    expect(stepFrames(1001, 1, 29.97)).toBe(1034);
    expect(stepFrames(1001, -1, 29.97)).toBe(968);
    expect(stepFrames(20, -1, 25)).toBe(0);
    expect(stepFrames(0, -1, 25)).toBe(0);
  });
});
