import { describe, expect, it } from 'vitest';
import { cuesToAss } from './ass';
import { assTextToCueText, parseAss, parseAssTime } from './ass-parse';
import { SrtError } from './srt-parse';
import { detectSubtitleFormat, inspectSubtitleFile, parseSubtitleFile } from './subtitle-in';
import { writeWebVtt } from './webvtt';
import { inspectWebVtt, parseWebVtt, parseWebVttTime } from './webvtt-parse';

function errorOf(parse: () => unknown): SrtError {
  try {
    parse();
  } catch (error) {
    if (error instanceof SrtError) return error;
  }
  throw new Error('expected an SrtError');
}

const VTT = `WEBVTT - a talk

NOTE written by hand
with two lines

STYLE
::cue { color: yellow }

intro
00:01.000 --> 00:02.500 align:start position:10%
<v Ana>Hello <i>there</i> &amp; welcome.</v>

00:00:03.000 --> 00:00:04.000
<c.loud>Second line</c>
of &lt;text&gt;.
`;

const ASS = `[Script Info]
Title: A talk
ScriptType: v4.00+
PlayResX: 1920

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour
Style: Default,Comic Sans,80,&H0000FFFF

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Comment: 0,0:00:00.00,0:00:09.00,Default,,0,0,0,,not shown
Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,Second, with a comma
Dialogue: 0,0:00:01.00,0:00:02.50,Default,Ana,0,0,0,,{\\an8\\pos(10,10)\\c&H00FF00&}Hello\\Nthere{\\i1}!{\\i0}
Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}Shape gone
`;

describe('parseWebVtt', () => {
  it('reads cues, skipping notes and styles, keeping align as a position and only SRT markup', () => {
    expect(parseWebVtt(VTT)).toEqual([
      { startMs: 1000, endMs: 2500, text: 'Hello <i>there</i> & welcome.', position: 1 },
      { startMs: 3000, endMs: 4000, text: 'Second line\nof <text>.' },
    ]);
  });

  it('reads back what the product writes', () => {
    const cues = [
      { startMs: 0, endMs: 1500, text: 'One & <b>two</b>' },
      { startMs: 3_600_000, endMs: 3_601_000, text: 'An hour\nlater' },
    ];
    expect(parseWebVtt(writeWebVtt(cues))).toEqual(cues);
  });

  it('tolerates a BOM and CRLF', () => {
    expect(parseWebVtt('\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n')).toEqual([
      { startMs: 1000, endMs: 2000, text: 'Hi' },
    ]);
  });

  it('reads times with and without hours, and refuses SRT commas', () => {
    expect(parseWebVttTime('01:02.003')).toBe(62_003);
    expect(parseWebVttTime('100:00:00.000')).toBe(360_000_000);
    expect(parseWebVttTime('00:00:01,000')).toBeNull();
    expect(parseWebVttTime('00:61.000')).toBeNull();
  });

  it('names the line of a bad time', () => {
    const error = errorOf(() => parseWebVtt('WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nHi\n'));
    expect(error.message).toBe(
      'Line 3: start time "00:00:01,000" is not a valid WebVTT time (expected HH:MM:SS.mmm)',
    );
    expect(error.line).toBe(3);
  });

  it('names the line of an end before its start', () => {
    expect(errorOf(() => parseWebVtt('WEBVTT\n\n\n1\n00:05.000 --> 00:04.000\nHi\n')).message).toBe(
      'Line 5: end time 00:04.000 is before start time 00:05.000',
    );
  });

  it('names the line where a timing line was expected', () => {
    expect(errorOf(() => parseWebVtt('WEBVTT\n\nintro\nHello\n')).message).toBe(
      'Line 4: expected a timing line after cue identifier "intro", found "Hello"',
    );
    expect(errorOf(() => parseWebVtt('WEBVTT\n\nstray text\n')).message).toBe(
      'Line 3: expected a timing line (start --> end), found "stray text"',
    );
  });

  it('lists every problem, and says when there is no cue at all', () => {
    const inspection = inspectWebVtt('WEBVTT\n\n00:01 --> 00:02.000\nA\n\n00:03.000 --> 00:02.000\nB\n');
    expect(inspection.errors.map((issue) => issue.line)).toEqual([3, 6]);
    expect(errorOf(() => parseWebVtt('WEBVTT\n\nNOTE nothing here\n')).message).toBe(
      'The file contains no subtitles.',
    );
    expect(errorOf(() => parseWebVtt('WEBVTTX\n')).message).toBe(
      'Line 1: a WebVTT file starts with "WEBVTT", found "WEBVTTX"',
    );
  });
});

describe('parseAss', () => {
  it('reads Dialogue events in time order, without styling, drawings or comments, keeping \\an8 as a position', () => {
    expect(parseAss(ASS)).toEqual([
      { startMs: 1000, endMs: 2500, text: 'Hello\nthere!', position: 8 },
      { startMs: 3000, endMs: 4000, text: 'Second, with a comma' },
      { startMs: 5000, endMs: 6000, text: 'Shape gone' },
    ]);
  });

  it('turns \\N into a line break and \\n, \\h into spaces', () => {
    expect(assTextToCueText('One\\NTwo\\nthree\\hfour')).toBe('One\nTwo three four');
    expect(assTextToCueText('{\\k20}Kar{\\k30}a{\\k10}oke')).toBe('Karaoke');
  });

  it('reads back the burn-in file the product writes', () => {
    const cues = [{ startMs: 1000, endMs: 2000, text: 'First line\nsecond line' }];
    expect(parseAss(cuesToAss(cues, { width: 1280, height: 720, language: 'en' }))).toEqual(cues);
  });

  it('follows the Format line’s field order, and reads SSA without one', () => {
    const custom = '[Events]\nFormat: Start, End, Text\nDialogue: 0:00:01.00,0:00:02.00,Hi, you\n';
    expect(parseAss(custom)).toEqual([{ startMs: 1000, endMs: 2000, text: 'Hi, you' }]);
    const noFormat = '[Events]\nDialogue: Marked=0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Old SSA\n';
    expect(parseAss(noFormat)).toEqual([{ startMs: 1000, endMs: 2000, text: 'Old SSA' }]);
  });

  it('reads centiseconds and milliseconds', () => {
    expect(parseAssTime('1:02:03.45')).toBe(3_723_450);
    expect(parseAssTime('0:00:01.005')).toBe(1005);
    expect(parseAssTime('0:00:01')).toBeNull();
  });

  it('names the line of a bad time, a short Dialogue or a bad Format', () => {
    expect(
      errorOf(() => parseAss('[Events]\nDialogue: 0,0:00:01,0:00:02.00,Default,,0,0,0,,Hi\n')).message,
    ).toBe('Line 2: start time "0:00:01" is not a valid ASS time (expected H:MM:SS.cc)');
    expect(errorOf(() => parseAss('[Script Info]\n\n[Events]\nDialogue: 0,0:00:01.00,Hi\n')).message).toBe(
      'Line 4: a Dialogue line needs 10 fields separated by commas, found 3',
    );
    expect(errorOf(() => parseAss('[Events]\nFormat: Layer, Start, Text\n')).message).toBe(
      'Line 2: the Format line names no end field',
    );
    expect(
      errorOf(() => parseAss('[Events]\nDialogue: 0,0:00:03.00,0:00:02.00,D,,0,0,0,,Hi\n')).message,
    ).toBe('Line 2: end time 0:00:02.00 is before start time 0:00:03.00');
    expect(errorOf(() => parseAss('[Events]\nthis is not an event\n')).message).toBe(
      'Line 2: expected "Format:", "Dialogue:" or "Comment:", found "this is not an event"',
    );
  });

  it('says when a script holds no subtitles', () => {
    expect(errorOf(() => parseAss('[Script Info]\nTitle: empty\n')).message).toBe(
      'The file has no [Events] section, so it holds no subtitles.',
    );
    expect(
      errorOf(() => parseAss('[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,,{\\an8}\n')).message,
    ).toBe('The file contains no subtitles.');
  });
});

describe('detectSubtitleFormat', () => {
  it('judges by content, whatever the file is called', () => {
    expect(detectSubtitleFormat('\uFEFFWEBVTT\n\n00:01.000 --> 00:02.000\nHi\n')).toBe('webvtt');
    expect(detectSubtitleFormat('WEBVTT Kapitel 1\n')).toBe('webvtt');
    expect(detectSubtitleFormat('[Script Info]\nTitle: x\n')).toBe('ass');
    expect(detectSubtitleFormat('; comment\r\n[events]\r\n')).toBe('ass');
    expect(detectSubtitleFormat('1\n00:00:01,000 --> 00:00:02,000\nWEBVTT\n')).toBe('srt');
  });

  it('parses each format to the same cues, and reports problems by line', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nHi\n';
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n';
    const ass = '[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi\n';
    for (const text of [srt, vtt, ass]) {
      expect(parseSubtitleFile(text).cues).toEqual([{ startMs: 1000, endMs: 2000, text: 'Hi' }]);
    }
    expect(inspectSubtitleFile('WEBVTT\n\n00:02.000 --> 00:01.000\nHi\n')).toMatchObject({
      format: 'webvtt',
      errors: [{ line: 3 }],
    });
  });
});
