import { describe, expect, it } from 'vitest';
import { docFromCues } from './model';
import { nudgeEdge, type SnapContext, shotChangeNear, snapEdge, snapMove } from './snapping';

// At 25 fps a frame is 40 ms: 2 frames are 80 ms, 12 frames 480 ms.
const doc = docFromCues([
  { startMs: 1000, endMs: 3000, text: 'One' },
  { startMs: 4000, endMs: 6000, text: 'Two' },
  { startMs: 9000, endMs: 11000, text: 'Three' },
]);
const noShots: SnapContext = { fps: 25, shotChangesMs: [] };
const shotAt = (...shotChangesMs: number[]): SnapContext => ({ fps: 25, shotChangesMs });

describe('shotChangeNear', () => {
  it('finds a shot change under 12 frames away, the nearest of two', () => {
    expect(shotChangeNear(5000, shotAt(5440))).toBe(5440); // 11 frames
    expect(shotChangeNear(5000, shotAt(5480))).toBeNull(); // 12 frames: far enough
    expect(shotChangeNear(5000, shotAt(4700, 5200))).toBe(5200);
  });
});

describe('snapEdge', () => {
  it('puts a start within 12 frames of a shot change onto it, from either side', () => {
    expect(snapEdge(doc, 'c2', 'startMs', 4200, shotAt(4400))).toBe(4400);
    expect(snapEdge(doc, 'c2', 'startMs', 4600, shotAt(4400))).toBe(4400);
    expect(snapEdge(doc, 'c2', 'startMs', 4900, shotAt(4400))).toBe(4900);
  });

  it('ends a cue two frames before a shot change within 12 frames of its end', () => {
    expect(snapEdge(doc, 'c2', 'endMs', 6000, shotAt(6200))).toBe(6120);
    expect(snapEdge(doc, 'c2', 'endMs', 6300, shotAt(6200))).toBe(6120);
  });

  it('keeps two frames from the cue before and chains an end to the cue after', () => {
    // Cue 1 ends at 3000: a start at 3040 (one frame after) goes to 3080, an overlap too.
    expect(snapEdge(doc, 'c2', 'startMs', 3040, noShots)).toBe(3080);
    expect(snapEdge(doc, 'c2', 'startMs', 2800, noShots)).toBe(3080);
    // A start well after the gap stays where the speech begins.
    expect(snapEdge(doc, 'c2', 'startMs', 3300, noShots)).toBe(3300);
    // Cue 3 starts at 9000: an end 10 frames short of the gap closes it; 20 frames short stays.
    expect(snapEdge(doc, 'c2', 'endMs', 8520, noShots)).toBe(8920);
    expect(snapEdge(doc, 'c2', 'endMs', 8120, noShots)).toBe(8120);
    expect(snapEdge(doc, 'c2', 'endMs', 9100, noShots)).toBe(8920);
  });

  it('lets the gap to a neighbour win over a shot change it would break', () => {
    // The shot change is one frame after cue 1's end: on it, the gap would be one frame.
    expect(snapEdge(doc, 'c2', 'startMs', 3200, shotAt(3040))).toBe(3080);
  });

  it('leaves an edge where it was put when snapping would end the cue at its start', () => {
    const short = docFromCues([{ startMs: 1000, endMs: 1200, text: 'Hi' }]);
    expect(snapEdge(short, 'c1', 'startMs', 1100, shotAt(1400))).toBe(1100);
  });
});

describe('snapMove', () => {
  it('moves a whole cue by the smaller snap of its edges, keeping its duration', () => {
    expect(snapMove(doc, 'c2', { startMs: 4100, endMs: 6100 }, shotAt(4000, 6300))).toEqual({
      startMs: 4000,
      endMs: 6000,
    });
    expect(snapMove(doc, 'c2', { startMs: 4700, endMs: 6700 }, noShots)).toEqual({
      startMs: 4700,
      endMs: 6700,
    });
  });
});

describe('nudgeEdge', () => {
  it('steps one frame where nothing is near', () => {
    expect(nudgeEdge(doc, 'c2', 'startMs', 1, noShots)).toBe(4040);
    expect(nudgeEdge(doc, 'c2', 'endMs', -1, noShots)).toBe(5960);
  });

  it('jumps onto a shot change it moves towards, and out of its 12 frames moving away', () => {
    // Start at 4000, shot change at 4480 (12 frames on): one frame later is within 11, so onto it.
    expect(nudgeEdge(doc, 'c2', 'startMs', 1, shotAt(4480))).toBe(4480);
    // A start on a shot change nudged later leaves its window at once: 12 frames after it.
    expect(nudgeEdge(doc, 'c2', 'startMs', 1, shotAt(4000))).toBe(4480);
    expect(nudgeEdge(doc, 'c2', 'startMs', -1, shotAt(4000))).toBe(3520);
    // An end two frames before a shot change nudged earlier: 12 frames before the shot change.
    expect(nudgeEdge(doc, 'c2', 'endMs', -1, shotAt(6080))).toBe(5600);
  });

  it('stops at two frames from the neighbour it moves towards', () => {
    const close = docFromCues([
      { startMs: 1000, endMs: 2000, text: 'One' },
      { startMs: 2080, endMs: 3000, text: 'Two' },
      { startMs: 3080, endMs: 4000, text: 'Three' },
    ]);
    expect(nudgeEdge(close, 'c2', 'startMs', -1, noShots)).toBeNull();
    expect(nudgeEdge(close, 'c2', 'endMs', 1, noShots)).toBeNull();
    expect(nudgeEdge(close, 'c2', 'endMs', -1, noShots)).toBe(2960);
  });

  it('cannot end a cue at its start', () => {
    const short = docFromCues([{ startMs: 1000, endMs: 1040, text: 'Hi' }]);
    expect(nudgeEdge(short, 'c1', 'startMs', 1, noShots)).toBeNull();
  });
});

describe('shotChangeNear on many shot changes', () => {
  it('finds the nearest among a thousand, as a scan of them all would', () => {
    const shotChangesMs = Array.from({ length: 1000 }, (_, index) => index * 700 + (index % 7) * 40);
    const context = { fps: 25, shotChangesMs };
    for (let ms = 0; ms < 710_000; ms += 37) {
      const scanned = shotChangesMs
        .filter((shot) => Math.round((Math.abs(ms - shot) * 25) / 1000) < 12)
        .sort((a, b) => Math.abs(ms - a) - Math.abs(ms - b) || a - b)[0];
      expect(shotChangeNear(ms, context), String(ms)).toBe(scanned ?? null);
    }
  });
});
