import { describe, expect, it } from 'vitest';
import { wordTimingsFile } from '../schemas/exports';
import { wordTimings, writeWordTimings } from './word-timings';

describe('word timings', () => {
  it('puts the recognised words on the video clock, with confidence where the engine gave one', () => {
    const json = writeWordTimings({
      title: 'Our talk',
      language: 'en',
      audioStartMs: 250,
      words: [
        { start: 0.1, end: 0.4, text: 'Hello', confidence: 0.98 },
        { start: 0.5, end: 0.45, text: ' world. ' },
        { start: Number.NaN, end: 1, text: 'lost' },
        { start: 1, end: 1.2, text: '  ' },
      ],
    });
    const parsed = wordTimingsFile.parse(JSON.parse(json));
    expect(parsed).toEqual({
      format: 'word-timings',
      version: 1,
      title: 'Our talk',
      language: 'en',
      words: [
        { text: 'Hello', startMs: 350, endMs: 650, confidence: 0.98 },
        { text: 'world.', startMs: 750, endMs: 750 },
      ],
    });
  });

  it('keeps Japanese and Thai words as recognised', () => {
    const words = [
      { start: 0, end: 0.3, text: '東京' },
      { start: 0.3, end: 0.6, text: 'สวัสดี' },
    ];
    const file = wordTimings({ title: '東京の夜', language: 'ja', audioStartMs: 0, words });
    expect(wordTimingsFile.safeParse(JSON.parse(JSON.stringify(file))).success).toBe(true);
    expect(file.words.map((word) => word.text)).toEqual(['東京', 'สวัสดี']);
  });

  it('refuses a confidence outside 0–1 rather than writing a file its schema rejects', () => {
    expect(() =>
      wordTimings({
        title: '',
        language: 'en',
        audioStartMs: 0,
        words: [{ start: 0, end: 1, text: 'a', confidence: 7 }],
      }),
    ).toThrow();
  });
});
