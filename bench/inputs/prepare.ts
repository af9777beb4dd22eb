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

async function clipWithSrt(media: MediaBinaries, file: string): Promise<Clip> {
  const { durationSeconds } = await probeVideo(media.ffprobe, file);
  const srt = file.replace(/\.mp4$/, '.srt');
  await writeClipSrt(srt, durationSeconds);
  return { path: file, srt, seconds: durationSeconds };
}

/** Every input the run needs, generated here: nothing is downloaded or shared between runs. */
export async function prepareInputs(media: MediaBinaries, dir: string, plan: BenchPlan): Promise<Inputs> {
  const unit = path.join(dir, `test-pattern-${plan.unitSeconds}s.mp4`);
  await makeClip(media.ffmpeg, unit, 'test-pattern', plan.unitSeconds);
  const clips: Clip[] = [];
  for (const seconds of plan.clipSeconds) {
    const file = path.join(dir, `clip-${seconds}s.mp4`);
    await repeatClip(media.ffmpeg, unit, Math.round(seconds / plan.unitSeconds), file);
    clips.push(await clipWithSrt(media, file));
  }
  const warmUpFile = path.join(dir, 'warm-up.mp4');
  await makeClip(media.ffmpeg, warmUpFile, 'test-pattern', WARM_UP_SECONDS);
  const burnIn: BurnInInput[] = [];
  for (const footage of ['test-pattern', 'detailed'] as const satisfies readonly Footage[]) {
    const file = path.join(dir, `burn-in-${footage}.mp4`);
    await makeClip(media.ffmpeg, file, footage, plan.burnIn.seconds);
    const clip = await clipWithSrt(media, file);
    burnIn.push({ footage, clip: clip.path, srt: clip.srt, seconds: clip.seconds });
  }
  return { clips, warmUp: await clipWithSrt(media, warmUpFile), burnIn };
}
