import { describe, expect, it } from 'vitest';
import { docFromCues, setTiming, updateText } from '../../../../shared/subtitles/editor';
import { cueAtTime, timingsOf } from './use-media-sync';

const doc = docFromCues([
  { startMs: 0, endMs: 1000, text: 'One' },
  { startMs: 1500, endMs: 2000, text: 'Two' },
]);

describe('media and waveform sync', () => {
  it('finds the cue under the playhead, none in a gap', () => {
    expect(cueAtTime(doc, 0)).toBe('c1');
    expect(cueAtTime(doc, 999)).toBe('c1');
    expect(cueAtTime(doc, 1000)).toBeNull();
    expect(cueAtTime(doc, 1500)).toBe('c2');
    expect(cueAtTime(doc, 2000)).toBeNull();
  });

  it('keeps the same timings while only texts change, and new ones when a time changes', () => {
    const first = timingsOf(doc, null);
    expect(first).toEqual([
      { id: 'c1', startMs: 0, endMs: 1000 },
      { id: 'c2', startMs: 1500, endMs: 2000 },
    ]);
    expect(timingsOf(updateText(doc, 'c2', 'Typed'), first)).toBe(first);
    const moved = timingsOf(setTiming(doc, 'c2', { endMs: 2500 }), first);
    expect(moved).not.toBe(first);
    expect(moved[1]).toEqual({ id: 'c2', startMs: 1500, endMs: 2500 });
    expect(timingsOf(doc.slice(0, 1), first)).toEqual([{ id: 'c1', startMs: 0, endMs: 1000 }]);
  });
});
