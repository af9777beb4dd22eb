import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeClip, media } from '../../test/support/media';
import { segmentedBurnOutcomes } from '../derive';
import { changeOneCue, measureSegmentedBurnIn } from './segmented-burn-in';

describe('changing one cue', () => {
  it('edits the cue nearest the middle, and only it', () => {
    const cues = [
      { startMs: 1000, endMs: 2000, text: 'a' },
      { startMs: 49_000, endMs: 51_000, text: 'b' },
      { startMs: 90_000, endMs: 91_000, text: 'c' },
    ];
    const { cues: edited, startMs } = changeOneCue(cues, 100);
    expect(startMs).toBe(49_000);
    expect(edited.map((cue) => cue.text)).toEqual(['a', 'b (edited)', 'c']);
  });
});

describe('burn-in by segments against the whole file (a small clip)', () => {
  it('times both and the revision, which burns only the changed segment', async () => {
    // 100 s at 25 fps: two segments of the plan (45 s and the rest); the middle cue lies in the second.
    const clip = await makeClip('bench-segmented-100s.mp4', { seconds: 100, width: 320, height: 180 });
    const srt = path.join(os.tmpdir(), 'bench-segmented-100s.srt');
    await writeFile(
      srt,
      '1\n00:00:05,000 --> 00:00:07,000\nStart\n\n2\n00:00:52,000 --> 00:00:54,000\nMiddle\n\n3\n00:01:30,000 --> 00:01:32,000\nEnd\n',
    );
    const dataDir = path.join(os.tmpdir(), `bench-segmented-${process.pid}`);
    const measured = await measureSegmentedBurnIn(
      media,
      dataDir,
      { footage: 'test-pattern', clip, srt, seconds: 100 },
      { repeats: 2 },
    ).finally(() => Promise.all([rm(dataDir, { recursive: true, force: true }), rm(srt, { force: true })]));
    expect(measured).toMatchObject({ segments: 2, reburnedSegments: 1, changedCueStartMs: 52_000 });
    for (const times of [measured.wholeMs, measured.segmentedMs, measured.revisionMs]) {
      expect(times).toHaveLength(2);
      for (const ms of times) expect(ms).toBeGreaterThan(0);
    }
    // Burning one segment of two and joining costs less than burning both and joining.
    expect(Math.max(...measured.revisionMs)).toBeLessThan(Math.min(...measured.segmentedMs));
    const outcomes = segmentedBurnOutcomes(measured);
    expect(Object.keys(outcomes).sort()).toEqual([
      'burnin_segmented_vs_whole_ratio',
      'revision_rtf_one_cue',
      'revision_vs_first_burn_ratio',
    ]);
    const rtf = outcomes.revision_rtf_one_cue;
    expect(rtf && 'summary' in rtf ? rtf.summary.runs : 0).toBe(2);
  }, 120_000);
});
