import path from 'node:path';
import type { MediaBinaries } from '../../server/media/binaries';
import { probeVideo } from '../../server/media/probe';
import type { BurnInInput } from '../measure/burn-in';
import type { Clip } from '../measure/pipeline-run';
import type { BenchPlan } from '../plan';
import { type Footage, makeClip, repeatClip, writeClipSrt } from './clips';

export interface Inputs {
  clips: Clip[];
  warmUp: Clip;
  burnIn: BurnInInput[];
}

const WARM_UP_SECONDS = 5;

async function clipWithSrt(media: MediaBinaries, file: string, footage: Footage): Promise<Clip> {
  const { durationSeconds } = await probeVideo(media.ffprobe, file);
  const srt = file.replace(/\.mp4$/, '.srt');
  await writeClipSrt(srt, durationSeconds);
  return { path: file, srt, seconds: durationSeconds, footage };
}

/**
 * Every input the run needs, generated here: nothing is downloaded or shared between runs. The
 * pipelines run the test pattern at every length and the burn-in's detailed footage (noisy, moving)
 * at the longest, both made by one generator (`makeClip`) and repeated without re-encoding.
 */
export async function prepareInputs(media: MediaBinaries, dir: string, plan: BenchPlan): Promise<Inputs> {
  const burnIn: BurnInInput[] = [];
  for (const footage of ['test-pattern', 'detailed'] as const satisfies readonly Footage[]) {
    const file = path.join(dir, `burn-in-${footage}.mp4`);
    await makeClip(media.ffmpeg, file, footage, plan.burnIn.seconds);
    const clip = await clipWithSrt(media, file, footage);
    burnIn.push({ footage, clip: clip.path, srt: clip.srt, seconds: clip.seconds });
  }
  const clips: Clip[] = [];
  for (const footage of ['test-pattern', 'detailed'] as const satisfies readonly Footage[]) {
    const unit = await pipelineUnit(media, dir, plan, footage);
    const lengths = footage === 'test-pattern' ? plan.clipSeconds : [Math.max(...plan.clipSeconds)];
    for (const seconds of lengths) {
      const file = path.join(dir, `clip-${footage}-${seconds}s.mp4`);
      await repeatClip(media.ffmpeg, unit, Math.round(seconds / plan.unitSeconds), file);
      clips.push(await clipWithSrt(media, file, footage));
    }
  }
  const warmUpFile = path.join(dir, 'warm-up.mp4');
  await makeClip(media.ffmpeg, warmUpFile, 'test-pattern', WARM_UP_SECONDS);
  return { clips, warmUp: await clipWithSrt(media, warmUpFile, 'test-pattern'), burnIn };
}

/** The unit the pipeline clips repeat: the burn-in's clip of that footage when it is as long. */
async function pipelineUnit(
  media: MediaBinaries,
  dir: string,
  plan: BenchPlan,
  footage: Footage,
): Promise<string> {
  if (plan.burnIn.seconds === plan.unitSeconds) return path.join(dir, `burn-in-${footage}.mp4`);
  const unit = path.join(dir, `${footage}-${plan.unitSeconds}s.mp4`);
  await makeClip(media.ffmpeg, unit, footage, plan.unitSeconds);
  return unit;
}
