import { describe, expect, it } from 'vitest';
import { cueRowLabel, selectedCueAnnouncement } from './cue-announcement';

describe('what a screen reader says of a cue', () => {
  const cue = { id: 'c3', startMs: 1200, endMs: 3450, text: 'One <i>two</i>\nthree' };

  it('labels a row with its number, times, place and problems', () => {
    expect(cueRowLabel(cue, 3, 0)).toBe('Cue 3, 0:01.200 to 0:03.450, no problems');
    expect(cueRowLabel({ ...cue, position: 8 }, 3, 2)).toBe(
      'Cue 3, 0:01.200 to 0:03.450, at the top, 2 problems',
    );
  });

  it('announces the selected cue with its text as shown, without tags', () => {
    expect(selectedCueAnnouncement(cue, 3, 40, 1)).toBe(
      'Cue 3 of 40, 0:01.200 to 0:03.450: One two three. 1 problem.',
    );
  });
});
