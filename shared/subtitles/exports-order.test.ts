import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import htmlEntities from 'webvtt-parser/html-entities.json';
import { media } from '../../test/support/media';
import type { Cue } from './cue';
import { parseSrt } from './srt-parse';
import { type CueFileFormat, writeCueFile } from './subtitle-files';
import { readSubtitleText } from './subtitle-in';
import { parseWebVtt } from './webvtt-parse';

/** Issue 36, exports valid in every reader: in start order, positions as positions, no cue of zero length. */
const VIDEO = { width: 640, height: 360, language: 'en' } as const;
const OUT_OF_ORDER: Cue[] = [
  { startMs: 5000, endMs: 6000, text: 'Third' },
  { startMs: 1000, endMs: 2000, text: 'First', position: 8 },
  { startMs: 3000, endMs: 3008, text: 'Second, 8 ms' },
];

describe('every export', () => {
  it('writes a WebVTT of cues given out of order that webvtt-parser reads without an error, in order', () => {
    const vtt = writeCueFile('vtt', OUT_OF_ORDER, VIDEO);
    const parsed = new WebVTTParser(htmlEntities).parse(vtt);
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((cue) => cue.startTime)).toEqual([1, 3, 5]);
    expect(parseWebVtt(vtt).map((cue) => [cue.text, cue.position])).toEqual([
      ['First', 8],
      ['Second, 8 ms', undefined],
      ['Third', undefined],
    ]);
  });

  it('shows no {\\an8} as text: a place in SRT, ASS and WebVTT, nothing in the transcripts', () => {
    for (const format of ['vtt', 'txt', 'timed-txt'] as CueFileFormat[]) {
      expect(writeCueFile(format, OUT_OF_ORDER, VIDEO), format).not.toContain('{\\an');
    }
    expect(parseSrt(writeCueFile('srt', OUT_OF_ORDER, VIDEO))[0]).toEqual({
      startMs: 1000,
      endMs: 2000,
      text: 'First',
      position: 8,
    });
    const ass = readSubtitleText(writeCueFile('ass', OUT_OF_ORDER, VIDEO));
    expect(ass.cues.map((cue) => [cue.text, cue.position])).toEqual([
      ['First', 8],
      ['Second, 8 ms', undefined],
      ['Third', undefined],
    ]);
  });

  it('keeps a cue of 10 ms or less in ASS, which counts centiseconds', () => {
    const events = writeCueFile('ass', OUT_OF_ORDER, VIDEO)
      .split('\n')
      .filter((line) => line.startsWith('Dialogue:'));
    expect(events.map((line) => line.split(',').slice(1, 3).join(' '))).toEqual([
      '0:00:01.00 0:00:02.00',
      '0:00:03.00 0:00:03.01',
      '0:00:05.00 0:00:06.00',
    ]);
  });

  it('writes SRT in start order, which ffmpeg reads back cue for cue', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'export-order-'));
    try {
      const file = path.join(folder, 'x.srt');
      writeFileSync(file, writeCueFile('srt', OUT_OF_ORDER, VIDEO));
      const readBack = execFileSync(media.ffmpeg, ['-v', 'error', '-i', file, '-f', 'srt', '-'], {
        encoding: 'utf8',
      });
      expect(parseSrt(readBack).map((cue) => [cue.startMs, cue.endMs, cue.text, cue.position])).toEqual([
        [1000, 2000, 'First', 8],
        [3000, 3008, 'Second, 8 ms', undefined],
        [5000, 6000, 'Third', undefined],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
