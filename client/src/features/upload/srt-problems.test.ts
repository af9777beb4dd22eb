import { describe, expect, it } from 'vitest';
import { checkSubtitleBytes, MAX_LISTED_SRT_PROBLEMS } from './srt-problems';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the subtitle check in the browser', () => {
  it('passes a good file', async () => {
    expect(await checkSubtitleBytes(bytes('1\n00:00:01,000 --> 00:00:02,000\nHello\n'))).toEqual({
      problems: [],
      notes: [],
    });
  });

  it('reads WebVTT and ASS by their content, refusing a file with nothing usable, naming the line', async () => {
    expect((await checkSubtitleBytes(bytes('WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n'))).problems).toEqual(
      [],
    );
    expect(
      (await checkSubtitleBytes(bytes('WEBVTT\n\n00:03.000 --> 00:02.000\nBackwards\n'))).problems,
    ).toEqual(['Line 3: end time 00:02.000 is before start time 00:03.000']);
    expect(
      (
        await checkSubtitleBytes(
          bytes('[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\b1}Hi\n'),
        )
      ).problems,
    ).toEqual([]);
    expect(
      (await checkSubtitleBytes(bytes('[Events]\nDialogue: 0,1:00,0:00:02.00,Default,,0,0,0,,Hi\n')))
        .problems,
    ).toEqual(['Line 2: start time "1:00" is not a valid ASS time (expected H:MM:SS.cc)']);
  });

  it('takes a file with good cues among broken ones, listing what was left out by line (issue 36)', async () => {
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
      '00:00:07,000 => 00:00:08,000',
      'Arrow',
      '',
      '4',
      '00:00:09,00O --> 00:00:10,000',
      'Letter O',
    ].join('\n');
    expect(await checkSubtitleBytes(bytes(broken))).toEqual({
      problems: [],
      notes: [
        'Line 6: end time 00:00:04,000 is before start time 00:00:05,000; the subtitle was left out',
        'Line 10: "00:00:07,000 => 00:00:08,000" needs " --> " between the start and end times; the subtitle was left out',
        'Line 14: start time "00:00:09,00O" is not a valid time (expected HH:MM:SS,mmm); the subtitle was left out',
      ],
    });
  });

  it('lists at most 20 notes and says how many more', async () => {
    const cues = Array.from(
      { length: 25 },
      (_, index) => `${index + 1}\n00:00:${10 + index},000 --> 00:00:00,000\nX\n`,
    );
    const { notes } = await checkSubtitleBytes(
      bytes(`${cues.join('\n')}\n26\n00:00:40,000 --> 00:00:41,000\nOk\n`),
    );
    expect(notes).toHaveLength(MAX_LISTED_SRT_PROBLEMS + 1);
    expect(notes.at(-1)).toBe('…and 5 more notes.');
  });

  it('refuses a file past a limit as the server does', async () => {
    const long = `1\n00:00:01,000 --> 00:00:02,000\n${'x'.repeat(501)}\n`;
    expect((await checkSubtitleBytes(bytes(long))).problems).toEqual([
      'Line 3: a subtitle line may hold at most 500 characters',
    ]);
  });

  it('names the encoding problem of a file that is not UTF-8 and no encoding it knows', async () => {
    expect((await checkSubtitleBytes(new Uint8Array([0x31, 0x0a, 0xff, 0xfe])))?.problems[0]).toMatch(
      /not valid UTF-8/,
    );
  });
});
