import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { media } from '../../test/support/media';
import { type Cue, type CuePosition, inStartOrder } from './cue';
import { parseSrt } from './srt-parse';
import { writeCueFile } from './subtitle-files';

/**
 * Issue 36: every export of any cue list, read back by real ffmpeg (`-i x.<format> -f srt -`), gives
 * the same cues: in start order, at their times (ASS in centiseconds), with their text, and (SRT and
 * ASS; ffmpeg's WebVTT reader ignores cue settings) their place.
 */
const folder = mkdtempSync(path.join(tmpdir(), 'exports-ffmpeg-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Text as subtitles hold it: words of letters (accented, Cyrillic, CJK too), digits and punctuation. */
const word = fc.stringMatching(/^[A-Za-z0-9éèüßñçøЖжЯя日本語中文.,!?'":;()-]{1,10}$/);
const line = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));
const cue = fc
  .record({
    startMs: fc.integer({ min: 0, max: 600_000 }),
    durationMs: fc.integer({ min: 20, max: 7000 }),
    lines: fc.array(line, { minLength: 1, maxLength: 2 }),
    position: fc.option(fc.constantFrom<CuePosition>(1, 3, 4, 5, 6, 7, 8, 9), { nil: undefined }),
  })
  .map(
    ({ startMs, durationMs, lines, position }): Cue => ({
      startMs,
      endMs: startMs + durationMs,
      text: lines.join('\n'),
      ...(position ? { position } : {}),
    }),
  );
/** Distinct starts: ffmpeg's order among cues starting together is its own. */
const cueList = fc.uniqueArray(cue, { minLength: 1, maxLength: 6, selector: (each) => each.startMs });

function readBackByFfmpeg(format: 'srt' | 'vtt' | 'ass', cues: readonly Cue[]): Cue[] {
  const file = path.join(folder, `x.${format}`);
  writeFileSync(file, writeCueFile(format, cues, { width: 640, height: 360, language: 'en' }));
  const srt = execFileSync(media.ffmpeg, ['-v', 'error', '-y', '-i', file, '-f', 'srt', '-'], {
    encoding: 'utf8',
  });
  // ffmpeg turns the ASS style's font into a <font> tag around each cue.
  return parseSrt(srt.replace(/<\/?font[^>]*>/g, ''));
}

const centiseconds = (ms: number) => Math.round(ms / 10) * 10;

describe('exports read back by ffmpeg', () => {
  it.each(['srt', 'vtt', 'ass'] as const)('%s gives the same cues', (format) => {
    fc.assert(
      fc.property(cueList, (cues) => {
        const expected = inStartOrder(cues).map((each) => ({
          startMs: format === 'ass' ? centiseconds(each.startMs) : each.startMs,
          endMs:
            format === 'ass'
              ? Math.max(centiseconds(each.endMs), centiseconds(each.startMs) + 10)
              : each.endMs,
          text: each.text,
          position: format === 'vtt' ? undefined : each.position,
        }));
        const read = readBackByFfmpeg(format, cues).map(({ startMs, endMs, text, position }) => ({
          startMs,
          endMs,
          text,
          position,
        }));
        expect(read).toEqual(expected);
      }),
      { numRuns: 8 },
    );
  });
});
