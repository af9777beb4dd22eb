import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordFigure } from '../../test/support/figures';
import { decodeSrtBytes } from './srt-bytes';
import { parseSrt, SrtError } from './srt-parse';

const REAL =
  '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello there,\r\ngeneral.\r\n\r\n2\r\n00:00:03,000 --> 00:00:05,000\r\n{\\an8}<i>Second</i> line\r\n\r\n';

/** A parse may only succeed or refuse with an SrtError that says where; never crash, never hang. */
function parsesOrRefusesClearly(text: string): void {
  const started = performance.now();
  try {
    const cues = parseSrt(text);
    for (const cue of cues) expect(cue.endMs).toBeGreaterThan(cue.startMs);
  } catch (error) {
    expect(error).toBeInstanceOf(SrtError);
    expect((error as Error).message.length).toBeGreaterThan(0);
  }
  expect(performance.now() - started).toBeLessThan(500);
}

const FUZZ_FIGURE = 'SRT fuzz cases, no crash, no hang';

function mutate(text: string, edits: { at: number; cut: number; insert: string }[]): string {
  return edits.reduce((current, { at, cut, insert }) => {
    const position = at % (current.length + 1);
    return current.slice(0, position) + insert + current.slice(position + cut);
  }, text);
}

describe('the SRT parser under hostile input', () => {
  it('survives thousands of random texts', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400, unit: 'binary' }), parsesOrRefusesClearly), {
      numRuns: 3000,
    });
    recordFigure(FUZZ_FIGURE, 3000, 'random texts');
  });

  it('survives thousands of mutations of a real file', () => {
    const edit = fc.record({
      at: fc.nat(),
      cut: fc.nat({ max: 8 }),
      insert: fc.oneof(
        fc.constantFrom('-->', ':', ',', '\n', '\r\n', '99', '-', ' ', '\u0000', '\ufeff'),
        fc.string({ maxLength: 6 }),
      ),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) =>
        parsesOrRefusesClearly(mutate(REAL, edits)),
      ),
      { numRuns: 3000 },
    );
    recordFigure(FUZZ_FIGURE, 3000, 'mutated real files');
  });

  it('survives random bytes as an uploaded file', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        try {
          parsesOrRefusesClearly(decodeSrtBytes(bytes));
        } catch (error) {
          expect(error).toBeInstanceOf(SrtError);
        }
      }),
      { numRuns: 2000 },
    );
    recordFigure(FUZZ_FIGURE, 2000, 'random bytes');
  });

  it('handles a long file in linear time', () => {
    const many = Array.from({ length: 20_000 }, (_, index) => {
      const start = index * 2000;
      const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
      return `${index + 1}\n${stamp(start)} --> ${stamp(start + 1500)}\nLine ${index}\n`;
    }).join('\n');
    const started = performance.now();
    expect(parseSrt(many)).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
