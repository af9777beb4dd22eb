import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSrt } from './srt-write';
import { readSubtitleText } from './subtitle-in';
import { SrtError } from './subtitle-issue';

/** Issue 36: files made elsewhere are read as other tools read them; what was repaired or left out is listed by line. */
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../test/fixtures/subtitles', name), 'utf8');

const texts = (text: string) => readSubtitleText(text).cues.map((cue) => cue.text);

describe('the acceptance files', () => {
  it("reads YouTube's automatic captions: lines of one space, inline word times and <c> spans", () => {
    const reading = readSubtitleText(fixture('youtube-auto.vtt'));
    expect(reading.format).toBe('webvtt');
    expect(reading.cues.map(({ startMs, endMs, text }) => [startMs, endMs, text])).toEqual([
      [0, 2390, 'welcome back to the channel'],
      [2390, 2400, 'welcome back to the channel'],
      [2400, 5110, 'welcome back to the channel\ntoday we are making bread'],
      [5110, 5120, 'today we are making bread'],
    ]);
    expect(reading.notes).toEqual([]);
  });

  it('keeps every good cue of an SRT with one inverted cue, and says which was left out', () => {
    const reading = readSubtitleText(fixture('one-inverted.srt'));
    expect(reading.cues.map((cue) => cue.text)).toEqual(['One', 'Three', 'Four']);
    expect(reading.notes).toEqual([
      'Line 6: end time 00:00:21,526 is before start time 00:03:10,790; the subtitle was left out',
    ]);
  });

  it('reads a WebVTT with one-digit hours and a cue right under the header', () => {
    const reading = readSubtitleText(
      'WEBVTT\n0:00:01.000 --> 0:00:02.000\nUnder the header\n\n0:00:03.000 --> 0:00:04.500\nNext\n',
    );
    expect(reading.cues).toEqual([
      { startMs: 1000, endMs: 2000, text: 'Under the header' },
      { startMs: 3000, endMs: 4500, text: 'Next' },
    ]);
  });
});

describe('one bad cue is left out, never the file', () => {
  it('leaves out a zero-length cue and a negative ASS end, reading a negative start as 0', () => {
    const srt = '1\n00:00:01,000 --> 00:00:01,000\nZero\n\n2\n00:00:02,000 --> 00:00:03,000\nKept\n';
    expect(readSubtitleText(srt).notes).toEqual([
      'Line 2: end time 00:00:01,000 is the same as start time 00:00:01,000; the subtitle was left out',
    ]);
    const ass = [
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: 0,-0:00:01.00,0:00:02.00,Default,,0,0,0,,Early',
      'Dialogue: 0,-0:00:03.00,-0:00:02.00,Default,,0,0,0,,Never shown',
    ].join('\n');
    const reading = readSubtitleText(ass);
    expect(reading.cues).toEqual([{ startMs: 0, endMs: 2000, text: 'Early' }]);
    expect(reading.notes).toEqual([
      'Line 3: start time -0:00:01.00 is before the video starts: read as 0:00:00.00',
      'Line 4: end time -0:00:02.00 is before the video starts; the subtitle was left out',
    ]);
  });

  it('refuses a file only when nothing usable is left, naming the first problem', () => {
    expect(() => readSubtitleText('1\n00:00:05,000 --> 00:00:04,000\nBackwards\n')).toThrow(
      new SrtError({ line: 2, message: 'end time 00:00:04,000 is before start time 00:00:05,000' }),
    );
  });

  it('puts cues that came out of order in time order, and says so', () => {
    const reading = readSubtitleText(
      '1\n00:00:05,000 --> 00:00:06,000\nLate\n\n2\n00:00:01,000 --> 00:00:02,000\nEarly\n',
    );
    expect(reading.cues.map((cue) => cue.text)).toEqual(['Early', 'Late']);
    expect(reading.notes).toEqual(['Some subtitles were not in time order: they were put in order.']);
  });
});

describe('SRT as other readers take it', () => {
  it('reads an index written "1.", a spaced arrow, a full-width comma and times without milliseconds', () => {
    const srt = [
      '1.',
      '00:00:01,000 -- > 00:00:02,000',
      'Spaced',
      '',
      '2',
      '00:00:03，000 --> 00:00:04，000',
      'Full-width',
      '',
      '3',
      '00:00:05 --> 00:00:06',
      'Whole seconds',
    ].join('\n');
    const reading = readSubtitleText(srt);
    expect(reading.cues.map(({ startMs, endMs, text }) => [startMs, endMs, text])).toEqual([
      [1000, 2000, 'Spaced'],
      [3000, 4000, 'Full-width'],
      [5000, 6000, 'Whole seconds'],
    ]);
    expect(reading.notes).toEqual([
      'Line 2: the timing line "00:00:01,000 -- > 00:00:02,000" was read as "00:00:01,000 --> 00:00:02,000"',
      'Line 6: the timing line "00:00:03，000 --> 00:00:04，000" was read as "00:00:03,000 --> 00:00:04,000"',
    ]);
  });

  it('keeps a blank line and a number-only line inside a cue as its text', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\nThe year was\n\n1984\n\n2\n00:00:03,000 --> 00:00:04,000\nNext\n';
    const reading = readSubtitleText(srt);
    expect(reading.cues.map((cue) => cue.text)).toEqual(['The year was\n1984', 'Next']);
    expect(reading.notes).toEqual(['Line 4: a blank line inside a subtitle was left out']);
  });

  it('splits cues without a blank line between them, saying how many', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\nOne\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n3\n00:00:05,000 --> 00:00:06,000\nThree\n';
    const reading = readSubtitleText(srt);
    expect(reading.cues.map((cue) => cue.text)).toEqual(['One', 'Two', 'Three']);
    expect(reading.notes).toEqual([
      'Lines 5 and 8: no blank line before this subtitle: it was split from the one before',
    ]);
  });

  it('takes {\\an8} and the other position tags as the place of the cue, never as text', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}Top\n\n2\n00:00:03,000 --> 00:00:04,000\n{\\an2}{\\c&HFF0000&}Bottom\n';
    expect(readSubtitleText(srt).cues).toEqual([
      { startMs: 1000, endMs: 2000, text: 'Top', position: 8 },
      { startMs: 3000, endMs: 4000, text: 'Bottom' },
    ]);
  });
});

describe('WebVTT by the spec', () => {
  it('leaves out a bad cue block, not the file', () => {
    const reading = readSubtitleText(
      'WEBVTT\n\n00:01.000 --> 00:02,000\nBad\n\n00:03.000 --> 00:04.000\nGood\n',
    );
    expect(reading.cues.map((cue) => cue.text)).toEqual(['Good']);
    expect(reading.notes).toEqual([
      'Line 3: end time "00:02,000" is not a valid WebVTT time (expected HH:MM:SS.mmm); the subtitle was left out',
    ]);
  });

  it('reads past a blank line inside a STYLE block and the old REGION: header syntax', () => {
    const vtt = [
      'WEBVTT',
      'Region: id=fred width=40% lines=3',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      '::cue(b) { color: blue }',
      '',
      '00:01.000 --> 00:02.000 region:fred',
      'Styled',
    ].join('\n');
    expect(texts(vtt)).toEqual(['Styled']);
  });

  it('splits two cues written without a blank line between them', () => {
    const reading = readSubtitleText(
      'WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n00:03.000 --> 00:04.000\nTwo\n',
    );
    expect(reading.cues.map((cue) => cue.text)).toEqual(['One', 'Two']);
    expect(reading.notes).toEqual([
      'Line 5: no blank line before this subtitle: it was split from the one before',
    ]);
  });

  it('ends lines at CR, LF or CRLF and takes only the spec’s whitespace around times', () => {
    const vtt =
      'WEBVTT\r\rcr\r00:00:00.000 --> 00:00:01.000\rtext1\n\nlf\n00:00:02.000 --> 00:00:03.000\ntext2\r\n\r\n' +
      'tabs\n\t00:00:04.000\t-->\t00:00:05.000\t\ntext3\n\nvertical tab\n\v00:00:06.000 --> 00:00:07.000\ntext4\n';
    expect(texts(vtt)).toEqual(['text1', 'text2', 'text3']);
  });

  it('decodes character references, numeric ones too', () => {
    expect(
      texts('WEBVTT\n\n00:01.000 --> 00:02.000\nCaf&#233; &quot;&#x263A;&quot; &amp; &eacute;t&eacute;\n'),
    ).toEqual(['Café "☺" & été']);
  });

  it('keeps line and align as the place of the cue', () => {
    const vtt =
      'WEBVTT\n\n00:01.000 --> 00:02.000 line:0\nTop\n\n00:03.000 --> 00:04.000 line:50% align:end\nMiddle right\n';
    expect(readSubtitleText(vtt).cues.map((cue) => cue.position)).toEqual([8, 6]);
  });

  it('ignores a line setting whose alignment word it does not know, as the spec does', () => {
    const vtt =
      'WEBVTT\n\n00:01.000 --> 00:02.000 line:0,middle\nBottom\n\n00:03.000 --> 00:04.000 line:0,start\nTop\n';
    expect(readSubtitleText(vtt).cues.map((cue) => cue.position)).toEqual([undefined, 8]);
  });

  it('places a cue left or right where position and size put its text, as the spec lays out the cue box', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:01.000 --> 00:02.000 position:90%',
      'Right',
      '',
      '00:03.000 --> 00:04.000 position:5%,line-left size:20% line:0',
      'Top left',
      '',
      '00:05.000 --> 00:06.000 position:50% align:start size:50%',
      'Starts mid-width, text centred in the middle third',
    ].join('\n');
    expect(readSubtitleText(vtt).cues.map((cue) => cue.position)).toEqual([3, 7, undefined]);
  });

  it('shows a NUL character as U+FFFD, saying so, and keeps &nbsp; a no-break space', () => {
    const reading = readSubtitleText('WEBVTT\n\n00:01.000 --> 00:02.000\nA\0B non&nbsp;stop\n');
    expect(reading.cues.map((cue) => cue.text)).toEqual(['A\uFFFDB non\u00a0stop']);
    expect(reading.notes).toEqual([
      'Line 4: a NUL character, which text should not hold, is shown as \uFFFD',
    ]);
  });
});

describe('what the srt library, pysubs2, ffmpeg and libass read (the subtitle-cases corpus)', () => {
  it('reads an SRT arrow written "->" or "- >", as the srt library and pysubs2 do, and says so', () => {
    const reading = readSubtitleText(
      '1\n00:00:01,000 -> 00:00:02,000\nShort\n\n2\n00:00:03,000 - > 00:00:04,000\nSpaced\n',
    );
    expect(reading.cues.map(({ startMs, endMs, text }) => [startMs, endMs, text])).toEqual([
      [1000, 2000, 'Short'],
      [3000, 4000, 'Spaced'],
    ]);
    expect(reading.notes).toEqual([
      'Line 2: the timing line "00:00:01,000 -> 00:00:02,000" was read as "00:00:01,000 --> 00:00:02,000"',
      'Line 6: the timing line "00:00:03,000 - > 00:00:04,000" was read as "00:00:03,000 --> 00:00:04,000"',
    ]);
  });

  it('counts SRT minutes and seconds past 59 as ffmpeg, srt and pysubs2 do, and says so', () => {
    const reading = readSubtitleText(
      '1\n00:61:00,000 --> 00:61:02,000\nLate\n\n2\n00:00:75,000 --> 00:00:76,500\nLater\n',
    );
    expect(reading.cues.map(({ startMs, endMs }) => [startMs, endMs])).toEqual([
      [75_000, 76_500],
      [3_660_000, 3_662_000],
    ]);
    expect(reading.notes).toContain('Line 2: the time "00:61:00,000" was read as 01:01:00,000');
  });

  it('drops tags SRT has no use for, as ffmpeg does, keeping <i>, <b>, <u> and text that only looks odd', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\n<v Anna>A <blink>made-up</blink> <s>tag</s>< /i >\n' +
      '\n2\n00:00:03,000 --> 00:00:04,000\n< i>Slanted</i ><br>I <3 it, 1 < 2 > 0\n';
    expect(texts(srt)).toEqual(['A made-up tag</i>', '<i>Slanted</i>\nI <3 it, 1 < 2 > 0']);
  });

  it('reads ASS times with one-digit minutes, seconds and fractions, as pysubs2 does', () => {
    const ass = [
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: 0,0:0:1.5,0:0:3.25,Default,,0,0,0,,Short fields',
    ].join('\n');
    expect(readSubtitleText(ass).cues).toEqual([{ startMs: 1500, endMs: 3250, text: 'Short fields' }]);
  });

  it('reads \\{ and \\} in ASS text as the braces libass draws, not as an override block', () => {
    const ass = [
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Set \\{x\\} to {\\i1}one{\\i0}',
    ].join('\n');
    expect(texts(ass)).toEqual(['Set {x} to one']);
  });
});

describe('the SRT the product writes', () => {
  it('reads back angle brackets typed with spaces as text, not as tags', () => {
    const typed = ['a < b > c', '< blink>x', 'a < /i > b', 'x <Hello World> y', '<v Anna> said'];
    const srt = writeSrt(
      typed.map((text, index) => ({ startMs: index * 1000, endMs: index * 1000 + 500, text })),
    );
    expect(texts(srt)).toEqual(typed);
  });
});
