import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASES_DIR, fixtureFiles, readFixtureAsUpload } from '../../test/support/subtitle-cases';
import type { Cue, CuePosition } from './cue';
import { SrtError } from './subtitle-issue';

/**
 * Issue 36, WPT file-parsing agreement: every WebVTT fixture of test/fixtures/subtitle-cases/, read as
 * an upload reads it, gives the cues the W3C WebVTT parsing algorithm gives, as
 * expected-webvtt-cues.json lists them (worked out from the spec for each fixture; the README says how),
 * kept as the product keeps every cue it reads.
 */
interface SpecCue {
  startMs: number;
  endMs: number;
  /** The cue text after the W3C cue-text parsing: text, with `<i>`, `<b>`, `<u>` kept as tags. */
  text: string;
  /** Where the product places the cue (its `line` row and `align` column); absent: the style's place. */
  position?: CuePosition;
}

/** Per fixture, the spec's cues; null where the spec rejects the file (no WEBVTT signature). */
const expected: Record<string, SpecCue[] | null> = JSON.parse(
  readFileSync(path.join(CASES_DIR, 'expected-webvtt-cues.json'), 'utf8'),
);

/** A line of white space shows nothing and white space around a line is not shown: both go. */
function keptText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** A cue ending when or before it starts, or with nothing to show, is never on screen: left out, with a note. */
function shown(cue: SpecCue): boolean {
  return cue.endMs > cue.startMs && keptText(cue.text) !== '';
}

function comparable(cue: SpecCue | Cue) {
  return { startMs: cue.startMs, endMs: cue.endMs, text: keptText(cue.text), position: cue.position };
}

/** The product's reading, or null for a file it refuses. */
function readOrRefuse(file: string) {
  try {
    return readFixtureAsUpload(file);
  } catch (error) {
    if (error instanceof SrtError) return null;
    throw error;
  }
}

describe('WebVTT fixtures against the W3C parsing algorithm', () => {
  const files = fixtureFiles().filter((file) => file.endsWith('.vtt'));

  it('lists the spec cues of every WebVTT fixture, and of nothing else', () => {
    expect(Object.keys(expected).sort()).toEqual(files);
  });

  for (const file of files) {
    const specCues = expected[file];
    if (specCues === null || specCues === undefined) {
      it(`${file}: the spec rejects it (no WEBVTT signature); the product reads it as SRT`, () => {
        expect(readFixtureAsUpload(file).format).toBe('srt');
      });
      continue;
    }
    it(`${file}: the spec's cues, in start order`, () => {
      const wanted = specCues
        .filter(shown)
        .map(comparable)
        .sort((a, b) => a.startMs - b.startMs);
      const reading = readOrRefuse(file);
      if (wanted.length === 0) {
        expect(reading, 'a file with nothing to show is refused').toBeNull();
        return;
      }
      expect(reading?.format).toBe('webvtt');
      expect(reading?.cues.map(comparable)).toEqual(wanted);
      for (const cue of reading?.cues ?? []) expect(cue.text).toBe(keptText(cue.text));
      if (specCues.some((cue) => !shown(cue))) expect(reading?.notes).not.toEqual([]);
    });
  }
});
