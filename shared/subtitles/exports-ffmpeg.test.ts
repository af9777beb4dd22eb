import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readByLibass } from '../../test/support/libass-text';
import { media } from '../../test/support/media';
import { type Cue, type CuePosition, inStartOrder } from './cue';
import { writeCueFile } from './subtitle-files';
import { parseTimestamp } from './timecode';

/**
 * Issue 36: every export of any cue list, read back by real ffmpeg (`-i x.<format> -f srt -`), gives
 * the same cues: in start order, at their times (ASS in centiseconds), with their text, and (SRT and
 * ASS; ffmpeg's WebVTT reader ignores cue settings) their place.
 */
const folder = mkdtempSync(path.join(tmpdir(), 'exports-ffmpeg-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Text as subtitles hold it: words of letters (accented, Cyrillic, CJK too), digits and punctuation,
 * and the characters the formats give a meaning (`{ } \ < > &`, references, typed codes). The
 * product's own styling tags are markup, not text, and are left out.
 */
const typed = fc.constantFrom(
  '{b}',
  '{\\an8}',
  '{\\b1}',
  '{c:$FF}',
  '\\N',
  '\\n',
  '\\h',
  '\\{',
  'C:\\x',
  '<x>',
  '<2',
  'a>b',
  '<<',
  '&amp;',
  '&#233;',
  '&quot;',
  '&lt;i&gt;',
  '-->',
  '< b >',
  '< /i >',
  '&nbsp;',
  '}{',
);
const plain = fc.stringMatching(/^[A-Za-z0-9éèüßñçøЖжЯя日本語中文.,!?'":;()\\{}<>&#-]{1,10}$/);
const word = fc
  .oneof(
    plain,
    typed,
    fc.tuple(plain, typed).map(([a, b]) => a + b),
  )
  .filter((each) => !/<\/?(?:[ibu]>|font)/i.test(each));
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

type Format = 'srt' | 'vtt' | 'ass';

function ffmpegConverts(format: Format, cues: readonly Cue[], to: 'srt' | 'ass'): string {
  const file = path.join(folder, `x.${format}`);
  writeFileSync(file, writeCueFile(format, cues, { width: 640, height: 360, language: 'en' }));
  return execFileSync(media.ffmpeg, ['-v', 'error', '-y', '-i', file, '-f', to, '-'], { encoding: 'utf8' });
}

const SRT_TIMING = /^(\d\d:\d\d:\d\d,\d{3}) --> (\d\d:\d\d:\d\d,\d{3})\r?$/gm;

/** Times as ffmpeg reads them, written out as SRT (only its timing lines: its SRT writer knows no brace escapes). */
function timesReadByFfmpeg(format: Format, cues: readonly Cue[]): { startMs: number; endMs: number }[] {
  return [...ffmpegConverts(format, cues, 'srt').matchAll(SRT_TIMING)].map(([, start = '', end = '']) => ({
    startMs: parseTimestamp(start) ?? Number.NaN,
    endMs: parseTimestamp(end) ?? Number.NaN,
  }));
}

/** The text and place ffmpeg decodes each cue to (ASS events), as libass, which draws it, shows them. */
function textsReadByFfmpeg(format: Format, cues: readonly Cue[]): ReturnType<typeof readByLibass>[] {
  return ffmpegConverts(format, cues, 'ass')
    .split(/\r?\n/)
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => readByLibass(line.split(',').slice(9).join(',')));
}

function readBackByFfmpeg(format: Format, cues: readonly Cue[]): Cue[] {
  const texts = textsReadByFfmpeg(format, cues);
  return timesReadByFfmpeg(format, cues).map(({ startMs, endMs }, index) => {
    const { shown = '', alignment } = texts[index] ?? {};
    return {
      startMs,
      endMs,
      text: shown,
      position: alignment === 2 ? undefined : (alignment as CuePosition),
    };
  });
}

const centiseconds = (ms: number) => Math.round(ms / 10) * 10;

describe('exports read back by ffmpeg', () => {
  it.each(['srt', 'vtt', 'ass'] as const)('%s keeps angle brackets typed with spaces as text', (format) => {
    const cues: Cue[] = [
      { startMs: 1000, endMs: 2000, text: 'a < b > c' },
      { startMs: 3000, endMs: 4000, text: 'x < i > y' },
      { startMs: 5000, endMs: 6000, text: '< /u > and < blink>' },
    ];
    expect(readBackByFfmpeg(format, cues).map((cue) => cue.text)).toEqual(cues.map((cue) => cue.text));
  });

  it.each(['srt', 'vtt', 'ass'] as const)(
    '%s keeps a backslash before another script as a backslash',
    (format) => {
      // Found by the property below: the font switch after 文 followed a typed backslash, which escaped its brace.
      const cues: Cue[] = [
        { startMs: 1000, endMs: 2000, text: '文\\\\h #' },
        { startMs: 3000, endMs: 4000, text: '語\\N {\n\\' },
        { startMs: 5000, endMs: 6000, text: 'Я\\日本\\N' },
      ];
      expect(readBackByFfmpeg(format, cues).map((cue) => cue.text)).toEqual(cues.map((cue) => cue.text));
    },
  );

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
