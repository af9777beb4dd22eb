import { describe, expect, it } from 'vitest';
import { INTENDED_DIFFERENCES } from '../../test/support/subtitle-case-differences';
import {
  type ComparableCue,
  difference,
  fixtureFiles,
  listedCases,
  normaliseText,
  readFixtureAsUpload as readAsUpload,
  readByFfmpeg,
  type SubtitleCase,
} from '../../test/support/subtitle-cases';
import { SrtError } from './subtitle-issue';

/**
 * Issue 36: real-world subtitle cases (test/fixtures/subtitle-cases/, one per kind of odd input the
 * WPT WebVTT, srt, pysubs2 and libass suites exercise), read as an upload reads them (bytes decoded,
 * then read leniently within the limits) and by real ffmpeg, which must agree but where
 * INTENDED_DIFFERENCES says why not.
 */
const cases = listedCases();

/** The product's cues, comparable; a refused file has none (ffmpeg too reads none from such files). */
function productCues(file: string): ComparableCue[] {
  try {
    return readAsUpload(file).cues.map((cue) => ({
      startMs: cue.startMs,
      endMs: cue.endMs,
      text: normaliseText(cue.text),
    }));
  } catch (error) {
    if (error instanceof SrtError) return [];
    throw error;
  }
}

async function inTurns<T, R>(
  items: readonly T[],
  turns: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: turns }, worker));
  return results;
}

describe('the corpus of real-world subtitle cases', () => {
  it('lists every fixture once in its README, with the suite that exercises the case', () => {
    expect(cases.map((each) => each.file).sort()).toEqual(fixtureFiles());
    expect(new Set(cases.map((each) => each.file)).size).toBe(cases.length);
    for (const each of cases) expect(each.suites, each.file).not.toBe('');
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const format of ['srt', 'vtt', 'ass']) {
      expect(cases.filter((each) => each.file.startsWith(format)).length, format).toBeGreaterThanOrEqual(20);
    }
  });

  it('never throws on a fixture: it reads cues that can be shown, with notes, or refuses in a sentence', () => {
    for (const { file } of cases) {
      try {
        const reading = readAsUpload(file);
        expect(reading.cues.length, file).toBeGreaterThan(0);
        for (const [index, cue] of reading.cues.entries()) {
          expect(cue.endMs, `${file} cue ${index + 1}`).toBeGreaterThan(cue.startMs);
          expect(cue.startMs, `${file} cue ${index + 1}`).toBeGreaterThanOrEqual(
            reading.cues[index - 1]?.startMs ?? 0,
          );
          expect(normaliseText(cue.text), `${file} cue ${index + 1}`).not.toBe('');
        }
        for (const note of reading.notes) expect(note, file).toMatch(/^(Lines? \d|[A-Z])[^\n]*[^\s]$/);
      } catch (error) {
        expect(error, file).toBeInstanceOf(SrtError);
        const { message } = error as SrtError;
        expect(message, file).toMatch(/^(Line \d+: |The )\S[^\n]*$/);
        expect(message, file).not.toMatch(/undefined|NaN|\[object/);
      }
    }
  });

  it('agrees with ffmpeg on every fixture but the differences listed with their reasons', async () => {
    const compared = await inTurns(cases, 2, async (each: SubtitleCase) => {
      const ffmpeg = await readByFfmpeg(each);
      const theirs = 'cues' in ffmpeg ? ffmpeg.cues : [];
      const ours = productCues(each.file);
      const bothRead = ours.length > 0 && theirs.length > 0;
      return { file: each.file, differs: difference(ours, theirs), bothRead, ffmpeg };
    });
    const unexpected = compared.filter(
      ({ file, differs }) => differs !== null && !(file in INTENDED_DIFFERENCES),
    );
    const stale = Object.keys(INTENDED_DIFFERENCES).filter(
      (file) => compared.find((each) => each.file === file)?.differs === null,
    );
    for (const [label, prefix] of [
      ['SRT', 'srt-'],
      ['WebVTT', 'vtt-'],
      ['ASS/SSA', 'ss'],
      ['all', ''],
    ] as const) {
      const some = compared.filter(
        ({ file }) => file.startsWith(prefix) || (prefix === 'ss' && /^(ass|ssa)-/.test(file)),
      );
      const agree = some.filter(({ differs }) => differs === null).length;
      const byDesign = some.filter(
        ({ file, differs }) => differs !== null && file in INTENDED_DIFFERENCES,
      ).length;
      console.info(
        `Subtitle cases, ${label}: ${some.length} files, ${some.filter(({ bothRead }) => bothRead).length} read by both ` +
          `the product and ffmpeg; ${agree} agree, ${byDesign} differ by design, ${some.length - agree - byDesign} otherwise.`,
      );
    }
    expect(unexpected.map(({ file, differs }) => `${file}: ${differs}`)).toEqual([]);
    expect(stale, 'listed as differing but they agree').toEqual([]);
    expect(Object.keys(INTENDED_DIFFERENCES).filter((file) => !fixtureFiles().includes(file))).toEqual([]);
    expect(compared.filter(({ ffmpeg }) => 'error' in ffmpeg).map(({ file }) => file)).toEqual([]);
  }, 240_000); // one ffmpeg run a file, two at a time
});
