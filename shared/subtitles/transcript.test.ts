import { describe, expect, it } from 'vitest';
import type { Cue } from './cue';
import { formatParagraphTime, PARAGRAPH_PAUSE_MS, writeTranscript } from './transcript';

const cue = (startMs: number, endMs: number, text: string): Cue => ({ startMs, endMs, text });

describe('writeTranscript', () => {
  const cues = [
    cue(0, 1800, 'Welcome to the talk.'),
    cue(2000, 4000, 'Today we look\nat subtitles.'),
    cue(4000 + PARAGRAPH_PAUSE_MS, 9000, 'After a pause, <i>a new</i> paragraph.'),
    cue(9000 + PARAGRAPH_PAUSE_MS - 1, 83_500, 'Still the same one.'),
    cue(83_500 + PARAGRAPH_PAUSE_MS + 500, 90_000, 'And the last.'),
  ];

  it('joins cues and their lines into paragraphs, starting a new one at a pause of 2 s or more', () => {
    expect(writeTranscript(cues)).toBe(
      [
        'Welcome to the talk. Today we look at subtitles.',
        'After a pause, a new paragraph. Still the same one.',
        'And the last.\n',
      ].join('\n\n'),
    );
  });

  it('can start each paragraph with the time it starts', () => {
    const lines = writeTranscript(cues, { timestamps: true }).split('\n\n');
    expect(lines.map((line) => line.slice(0, 11))).toEqual(['[00:00:00] ', '[00:00:06] ', '[00:01:26] ']);
    expect(formatParagraphTime(3_723_999)).toBe('[01:02:03]');
  });

  it('joins Chinese and Japanese pieces without a space, keeps Thai and Korean spaced', () => {
    expect(writeTranscript([cue(0, 1000, '我们今天讨论'), cue(1000, 2000, '这个问题。')])).toBe(
      '我们今天讨论这个问题。\n',
    );
    expect(writeTranscript([cue(0, 1000, '東京で\n会いましょう。')])).toBe('東京で会いましょう。\n');
    expect(writeTranscript([cue(0, 1000, 'สวัสดีครับ'), cue(1000, 2000, 'ยินดีต้อนรับ')])).toBe(
      'สวัสดีครับ ยินดีต้อนรับ\n',
    );
    expect(writeTranscript([cue(0, 1000, '안녕하세요,'), cue(1000, 2000, '여러분.')])).toBe(
      '안녕하세요, 여러분.\n',
    );
  });

  it('writes nothing for no text, and keeps what the user typed, markup aside', () => {
    expect(writeTranscript([cue(0, 1000, ' \n ')])).toBe('');
    expect(writeTranscript([cue(0, 1000, 'Tom & Jerry <3 --> <b>bold</b>')])).toBe(
      'Tom & Jerry <3 --> bold\n',
    );
  });
});
