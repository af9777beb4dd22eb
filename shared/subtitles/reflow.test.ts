import { describe, expect, it } from 'vitest';
import type { Cue } from './cue';
import { reflowCues } from './reflow';
import { MAX_CUE_MS, MIN_CUE_MS, MIN_GAP_MS } from './standards';
import { displayWidth } from './text-width';

const flat = (cues: readonly Cue[], separator = ' ') =>
  cues.map((cue) => cue.text.replaceAll('\n', separator)).join(separator);

describe('reflowCues', () => {
  it('re-breaks a cue that fits, keeping its times and words', () => {
    const cue: Cue = {
      startMs: 1000,
      endMs: 4000,
      text: 'When we finally reached the station, the\nlast train had already gone.',
    };
    expect(reflowCues([cue], 'en')).toEqual([
      {
        startMs: 1000,
        endMs: 4000,
        text: 'When we finally reached the station,\nthe last train had already gone.',
      },
    ]);
  });

  it('splits a run-on cue into cues of at most two lines and 7 s, in order, words unchanged', () => {
    const runOn: Cue = {
      startMs: 0,
      endMs: 16_000,
      text:
        'So this is the part of the talk where I explain how the whole system works. First we record the audio,\n' +
        'then we send it to the recogniser, and finally we shape the words into subtitles that people can read\n' +
        'comfortably at their own pace.',
    };
    const cues = reflowCues([runOn], 'en');
    expect(flat(cues)).toBe(runOn.text.replaceAll('\n', ' '));
    expect(cues.length).toBeGreaterThanOrEqual(3);
    cues.forEach((cue, index) => {
      expect(cue.text.split('\n').length).toBeLessThanOrEqual(2);
      for (const line of cue.text.split('\n')) expect(line.length).toBeLessThanOrEqual(42);
      expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(MAX_CUE_MS);
      expect(cue.startMs).toBeGreaterThanOrEqual(0);
      expect(cue.endMs).toBeLessThanOrEqual(16_000);
      const next = cues[index + 1];
      if (next) expect(next.startMs - cue.endMs).toBeGreaterThanOrEqual(MIN_GAP_MS);
    });
  });

  it('puts overlapping cues in order with 80 ms between them and at least 5/6 s each', () => {
    const cues = reflowCues(
      [
        { startMs: 2000, endMs: 2300, text: 'Second.' },
        { startMs: 0, endMs: 2100, text: 'First one.' },
      ],
      'en',
    );
    expect(cues.map((cue) => cue.text)).toEqual(['First one.', 'Second.']);
    expect((cues[1]?.startMs ?? 0) - (cues[0]?.endMs ?? 0)).toBeGreaterThanOrEqual(MIN_GAP_MS);
    for (const cue of cues) expect(cue.endMs - cue.startMs).toBeGreaterThanOrEqual(MIN_CUE_MS);
  });

  it('reflows Japanese within 13 columns without splitting words', () => {
    const text = '昨日は友達と一緒に新しいレストランで晩ご飯を食べました。料理はとても美味しかったです。';
    const cues = reflowCues([{ startMs: 0, endMs: 6000, text }], 'ja');
    expect(flat(cues, '')).toBe(text);
    for (const line of cues.flatMap((cue) => cue.text.split('\n'))) {
      expect(displayWidth(line, 'east-asian')).toBeLessThanOrEqual(13);
    }
  });
});
