import { describe, expect, it } from 'vitest';
import { MAX_LISTED_SRT_PROBLEMS, srtProblemsOf } from './srt-problems';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the SRT check in the browser', () => {
  it('passes a good file', () => {
    expect(srtProblemsOf(bytes('1\n00:00:01,000 --> 00:00:02,000\nHello\n'))).toEqual([]);
  });

  it('reads WebVTT and ASS by their content, with the same line-numbered problems', () => {
    expect(srtProblemsOf(bytes('WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n'))).toEqual([]);
    expect(srtProblemsOf(bytes('WEBVTT\n\n00:03.000 --> 00:02.000\nBackwards\n'))).toEqual([
      'Line 3: end time 00:02.000 is before start time 00:03.000',
    ]);
    expect(
      srtProblemsOf(bytes('[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\b1}Hi\n')),
    ).toEqual([]);
    expect(srtProblemsOf(bytes('[Events]\nDialogue: 0,1:00,0:00:02.00,Default,,0,0,0,,Hi\n'))).toEqual([
      'Line 2: start time "1:00" is not a valid ASS time (expected H:MM:SS.cc)',
    ]);
  });

  it('lists every problem with its line, not only the first', () => {
    const broken = [
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'Fine',
      '',
      '2',
      '00:00:05,000 --> 00:00:04,000',
      'Backwards',
      '',
      '3',
      '00:00:07,000 -> 00:00:08,000',
      'Arrow',
      '',
      '4',
      '00:00:09,00O --> 00:00:10,000',
      'Letter O',
    ].join('\n');
    expect(srtProblemsOf(bytes(broken))).toEqual([
      'Line 6: end time 00:00:04,000 is before start time 00:00:05,000',
      'Line 10: "00:00:07,000 -> 00:00:08,000" needs " --> " between the start and end times',
      'Line 14: start time "00:00:09,00O" is not a valid time (expected HH:MM:SS,mmm)',
    ]);
  });

  it('lists at most 20 and says how many more', () => {
    const cues = Array.from(
      { length: 25 },
      (_, index) => `${index + 1}\n00:00:0${index % 10},000 --> 00:00:00,000\nX\n`,
    );
    const problems = srtProblemsOf(bytes(cues.join('\n')));
    expect(problems).toHaveLength(MAX_LISTED_SRT_PROBLEMS + 1);
    expect(problems.at(-1)).toBe('…and 5 more problems.');
  });

  it('names the encoding problem of a file that is not UTF-8', () => {
    expect(srtProblemsOf(new Uint8Array([0x31, 0x0a, 0xff, 0xfe]))[0]).toMatch(/not valid UTF-8/);
  });
});
