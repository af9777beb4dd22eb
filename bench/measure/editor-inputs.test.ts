import { describe, expect, it } from 'vitest';
import { parseSrt } from '../../shared/subtitles';
import { evenCues, evenSrt } from './editor-inputs';

describe('the editor bench SRT', () => {
  it('spreads exactly the asked number of cues over the video, in order, without overlap', () => {
    const cues = evenCues(600, 1799.5);
    expect(cues).toHaveLength(600);
    expect(cues[0]?.startMs).toBe(0);
    expect(cues.at(-1)?.endMs).toBeLessThanOrEqual(1_799_500);
    for (const [index, cue] of cues.entries()) {
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      if (index > 0) expect(cue.startMs).toBeGreaterThanOrEqual(cues[index - 1]?.endMs ?? 0);
      expect(cue.text.split(' ')).toHaveLength(7);
    }
    expect(cues[1]?.text).not.toBe(cues[0]?.text);
  });

  it('writes an SRT that reads back as the same 600 cues', () => {
    expect(parseSrt(evenSrt(600, 1799.5))).toHaveLength(600);
  });

  it('refuses cues that cannot fit', () => {
    expect(() => evenCues(0, 10)).toThrow(/at least one/);
    expect(() => evenCues(1000, 10)).toThrow(/do not fit/);
  });
});
