import { describe, expect, it } from 'vitest';
import { makeClip, makeShotsClip, media } from '../../test/support/media';
import { detectShotChanges, parseShotChanges, shotChangesArgs } from './shot-changes';

const options = { threads: 1, timeLimitMs: 60_000 };

describe('shot changes', () => {
  it("reads only the first video stream, scores each frame against the last, prints the cuts' times", () => {
    expect(shotChangesArgs('/in.mp4', 2).join(' ')).toContain(
      "-an -sn -dn -i /in.mp4 -map 0:v:0 -vf scale=160:-2,select='gt(scene,0.3)',metadata=print:file=- -f null -",
    );
  });

  it('parses the printed frames into whole, ascending, distinct milliseconds', () => {
    const printed = [
      'frame:0    pts:25600   pts_time:2',
      'lavfi.scene_score=0.731915',
      'frame:1    pts:46080   pts_time:3.6',
      'lavfi.scene_score=0.846790',
      'frame:2    pts:46081   pts_time:3.6004',
    ].join('\n');
    expect(parseShotChanges(printed)).toEqual([2000, 3600]);
    expect(parseShotChanges('')).toEqual([]);
  });

  it('finds the cuts of a video of hard-cut shots, and none in one continuous shot', async () => {
    const cuts = await makeShotsClip('shots-2-1.6-2.mp4', [2, 1.6, 2]);
    expect(await detectShotChanges(media.ffmpeg, cuts, options)).toEqual([2000, 3600]);
    const continuous = await makeClip('shots-none.mp4', { seconds: 4 });
    expect(await detectShotChanges(media.ffmpeg, continuous, options)).toEqual([]);
  });
});
