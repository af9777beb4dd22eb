import { cuesToAss, parseSrt } from '../../../shared/subtitles';
import type { CustomStyle, StyleChoice } from '../../../shared/subtitles/subtitle-style';
import { resolveStyle } from '../../../shared/subtitles/subtitle-style';
import { paidLength } from '../../media/paid-length';
import { probeVideo } from '../../media/probe';
import { planSegments, type SegmentPlan } from '../../media/segmented-burn';
import type { Services } from '../../services';
import { PermanentFailure } from '../videos/failure';
import { subtitleLanguage } from '../videos/script-language';
import { segmentKey, segmentsFolder } from './burned-segments';

/** What a burn-in needs to know of the video it burns into. */
export interface BurnSource {
  id: number;
  source_key: string;
  out_lan: Parameters<typeof subtitleLanguage>[0];
  duration_seconds: number | string;
  subtitle_style: StyleChoice;
  custom_style: CustomStyle | null;
}

/** The picture the subtitles are drawn on: its size, frame rate and the frames paid for. */
export interface BurnFrame {
  width: number;
  height: number;
  fps: number;
  frames: number;
  copyAudio: boolean;
}

/** A segment of the plan, and whether an earlier burn of the video stored it already. */
export type PlannedSegment = SegmentPlan & { done: boolean };

/**
 * The source's picture, read from its header (from a bucket ffprobe asks for the ranges it needs).
 * A header may claim more than was measured and paid for (an MP4 cut short), or nothing (a WebM
 * recorded in a browser): the paid length bounds it. Without a known frame rate the whole video is
 * one segment, drawn from its first frame to its end.
 */
export async function burnFrame(services: Services, video: BurnSource): Promise<BurnFrame> {
  const probe = await probeVideo(services.media.ffprobe, await services.storage.probeInput(video.source_key));
  if (!probe.isAcceptedVideo)
    throw new PermanentFailure(
      'The uploaded video can no longer be read.',
      `burn-in: ffprobe of ${video.source_key} finds ${probe.found}, not a video it can burn into`,
    );
  const paid = paidLength(Number(video.duration_seconds));
  const durationSeconds = probe.durationSeconds > 0 ? Math.min(probe.durationSeconds, paid) : paid;
  const timed = probe.fps > 0 && durationSeconds > 0;
  const fps = timed ? probe.fps : 1;
  return {
    width: probe.width,
    height: probe.height,
    fps,
    frames: timed ? Math.max(1, Math.round(durationSeconds * fps)) : 1,
    copyAudio: probe.audio?.codec === 'aac',
  };
}

/** The subtitles as the ASS script every segment is drawn from, in the given look (the video's by default). */
export function burnScript(
  video: BurnSource,
  frame: BurnFrame,
  srt: string,
  look: { style: StyleChoice; custom: CustomStyle | null } = {
    style: video.subtitle_style,
    custom: video.custom_style,
  },
): string {
  return cuesToAss(parseSrt(srt), {
    width: frame.width,
    height: frame.height,
    language: subtitleLanguage(video.out_lan, srt),
    style: resolveStyle(look.style, look.custom),
  });
}

/** The keys of the segments earlier burns of this video left in storage, read in one listing. */
export async function storedSegmentKeys(services: Services, sourceKey: string): Promise<Set<string>> {
  return new Set(await services.storage.list(segmentsFolder(sourceKey)));
}

/**
 * The script cut into segments (server/media/segmented-burn.ts), each marked done when a segment with
 * the same fingerprint is stored already: only the others are burned again.
 */
export function planAgainst(
  services: Services,
  sourceKey: string,
  ass: string,
  frame: BurnFrame,
  stored: ReadonlySet<string>,
): PlannedSegment[] {
  const plan = planSegments(
    ass,
    { frames: frame.frames, fps: frame.fps },
    { slots: services.config.WORKER_CONCURRENCY },
  );
  return plan.map((segment) => ({ ...segment, done: stored.has(segmentKey(sourceKey, segment)) }));
}

/** The seconds of picture the segments still to burn hold. */
export function secondsToBurn(segments: readonly PlannedSegment[], frame: BurnFrame): number {
  let frames = 0;
  for (const segment of segments)
    if (!segment.done) frames += segment.frames ?? frame.frames - segment.startFrame;
  return frames / frame.fps;
}
