import { describe, expect, it } from 'vitest';
import { cuesPastEnd, cuesPastEndWarning } from './cues-past-end';

const at = (...seconds: number[]) => seconds.map((second) => ({ startMs: second * 1000 }));

describe('cues past the end of the video', () => {
  it('names the cues that start after the video ends, allowing for its rounded-down duration', () => {
    expect(cuesPastEnd(at(1, 5, 20.5, 21, 30), 20)).toEqual([4, 5]);
    expect(cuesPastEnd(at(1, 5), 20)).toEqual([]);
  });

  it('says which cues will not be shown, in plain words', () => {
    expect(cuesPastEndWarning([], 20)).toBeNull();
    expect(cuesPastEndWarning([4], 20)).toBe(
      'Subtitle 4 starts after the video ends (at 0:20) and will not be shown.',
    );
    expect(cuesPastEndWarning([12, 13, 14], 75)).toBe(
      'Subtitles 12 to 14 start after the video ends (at 1:15) and will not be shown.',
    );
    expect(cuesPastEndWarning([3, 9], 20)).toBe(
      'Subtitles 3 and 9 start after the video ends (at 0:20) and will not be shown.',
    );
  });
});
