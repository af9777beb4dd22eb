import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMediaBinaries } from '../../server/media/binaries';
import { boxedBurnInOutcomes } from '../derive';
import { makeClip, writeClipSrt } from '../inputs/clips';
import { compareBurnIn } from './burn-in';

/**
 * Issue 22: the burn-in comparison in the boxed preset beside the default style, on a short clip
 * (the bench itself runs it on 20 s and 60 s clips).
 */
const media = findMediaBinaries({});
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-burn-in-'));
const input = {
  footage: 'test-pattern' as const,
  clip: path.join(dataDir, 'clip.mp4'),
  srt: path.join(dataDir, 'clip.srt'),
  seconds: 3,
};
await makeClip(media.ffmpeg, input.clip, input.footage, input.seconds);
await writeClipSrt(input.srt, input.seconds);

afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the burn-in comparison', () => {
  it('renders ours in the boxed preset when asked, and reports its figures under their own keys', async () => {
    const options = { repeats: 1, variants: false };
    const plain = await compareBurnIn(media, dataDir, input, options);
    const boxed = await compareBurnIn(media, dataDir, input, { ...options, style: 'boxed' });
    expect(plain.style).toBe('broadcast');
    expect(boxed.style).toBe('boxed');
    // The box is drawn: our boxed frames differ more from the naive rendering than our default ones.
    expect(boxed.ssimStylingAlone).toBeLessThan(plain.ssimStylingAlone);
    expect(boxed.speedups[0]).toBeGreaterThan(0);

    const outcomes = boxedBurnInOutcomes([boxed]);
    expect(Object.keys(outcomes).sort()).toEqual([
      'burnin_size_ratio_vs_naive_boxed',
      'burnin_speedup_vs_naive_boxed',
      'burnin_ssim_vs_naive_boxed',
    ]);
    const ssim = outcomes.burnin_ssim_vs_naive_boxed;
    expect(ssim && 'summary' in ssim && ssim.summary.median).toBeCloseTo(boxed.ssimVsNaive, 4);
    expect(ssim && 'note' in ssim ? ssim.note : '').toMatch(/^boxed preset; worse footage: test-pattern/);
  }, 120_000);
});
