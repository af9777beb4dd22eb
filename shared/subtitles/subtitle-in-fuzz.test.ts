import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SrtError } from './srt-parse';
import { parseSubtitleFile } from './subtitle-in';

const VTT =
  'WEBVTT\n\nNOTE hi\n\nid\n00:01.000 --> 00:02.500 line:0\n<v Ana>Hello &amp; <i>there</i></v>\n\n00:03.000 --> 00:04.000\nTwo\n';
const ASS =
  '[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\an8}Hello\\Nthere, you\n';

/** A WebVTT or ASS file, however damaged, is read or refused with an SrtError that says where; never a crash. */
function parsesOrRefusesClearly(text: string): void {
  const started = performance.now();
  try {
    const { cues } = parseSubtitleFile(text);
    for (const cue of cues) {
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      expect(cue.text.length).toBeGreaterThan(0);
    }
  } catch (error) {
    expect(error).toBeInstanceOf(SrtError);
    expect((error as Error).message.length).toBeGreaterThan(0);
  }
  expect(performance.now() - started).toBeLessThan(500);
}

const edits = fc.array(
  fc.record({ at: fc.nat(), cut: fc.nat({ max: 12 }), insert: fc.string({ maxLength: 12 }) }),
  { maxLength: 8 },
);

function mutate(text: string, changes: { at: number; cut: number; insert: string }[]): string {
  return changes.reduce((current, { at, cut, insert }) => {
    const position = at % (current.length + 1);
    return current.slice(0, position) + insert + current.slice(position + cut);
  }, text);
}

describe('WebVTT and ASS readers on damaged files', () => {
  it.each([
    ['WebVTT', VTT],
    ['ASS', ASS],
  ])('read or refuse every mutation of a real %s file clearly', (_name, text) => {
    fc.assert(
      fc.property(edits, (changes) => parsesOrRefusesClearly(mutate(text, changes))),
      { numRuns: 2000 },
    );
  });

  it('read or refuse random text behind each signature clearly', () => {
    fc.assert(
      fc.property(fc.constantFrom('WEBVTT\n\n', '[Events]\n', '[Script Info]\n'), fc.string(), (head, tail) =>
        parsesOrRefusesClearly(head + tail),
      ),
      { numRuns: 2000 },
    );
  });
});
