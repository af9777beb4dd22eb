import { transaction } from '../../db/transaction';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { paidLength } from '../../media/paid-length';
import { runTimeLimitMs } from '../../media/run-ffmpeg';
import { joinSegmentFiles } from '../../media/segment-files';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import type { Storage } from '../../storage/storage';
import { queueNotice } from '../notices/service';
import { queueDetection } from '../shot-changes/service';
import * as repo from '../videos/service';
import { burnIsCurrent, isCurrentBurn } from './burn-in';
import { burnedVideoKey, segmentKey, segmentsFolder } from './burned-segments';
import { joinAudio } from './joined-audio';
import * as burns from './repo';

/** Runs `use` with local files holding the keys, in order (from a bucket: fetched copies). */
function withLocalFiles<T>(
  storage: Storage,
  keys: readonly string[],
  use: (files: string[]) => Promise<T>,
  files: string[] = [],
): Promise<T> {
  const [first, ...rest] = keys;
  if (first === undefined) return use(files);
  return storage.withLocalFile(first, (file) => withLocalFiles(storage, rest, use, [...files, file]));
}

/**
 * The last job of a burn-in, queued when its last segment is stored: the segments joined without
 * re-encoding, with the source's audio, stored under the burn's own key, then — if the burn is still
 * the video's current one — the video completed as a whole-file burn-in completed it (status,
 * event, notice), the superseded file and segments removed. A segment missing from storage (removed
 * by a cleanup racing a new revision) is queued again instead, and its job queues the join again.
 */
export async function joinBurnedSegments(
  services: Services,
  job: { videoId: number; burnInId: number },
  signal?: AbortSignal,
): Promise<void> {
  const burn = await burns.findBurnIn(services.db, job.burnInId);
  if (!burn || !(await burnIsCurrent(services, burn))) return;
  const video = await repo.findForBurnIn(services.db, job.videoId);
  if (!video?.source_key) return;
  const sourceKey = video.source_key;
  const segments = await burns.segmentsOf(services.db, burn.id);
  const stored = await Promise.all(
    segments.map(async (segment) => (await services.storage.size(segmentKey(sourceKey, segment))) !== null),
  );
  const missing = segments.filter((segment, at) => !segment.done || !stored[at]);
  if (missing.length > 0) return burnAgain(services, burn, missing);

  const outputKey = burnedVideoKey(sourceKey, burn.id);
  const keys = segments.map((segment) => segmentKey(sourceKey, segment));
  const untilSeconds = paidLength(Number(video.duration_seconds));
  const timeLimitMs = runTimeLimitMs(services.media.timeLimit, untilSeconds);
  const audio = await joinAudio(services, sourceKey, burn.copy_audio, { untilSeconds, timeLimitMs }, signal);
  let joined = false;
  try {
    await withLocalFiles(services.storage, keys, async (files) => {
      const made = await joinSegmentFiles({
        ffmpeg: services.media.ffmpeg,
        tmpDir: services.tmpDir,
        cpu: services.cpu,
        signal,
        source: audio.input,
        segments: files,
        copyAudio: audio.copyAudio,
        untilSeconds,
        timeLimitMs,
      });
      try {
        await services.storage.adopt(outputKey, made.output);
        joined = true;
      } finally {
        await made.cleanup();
      }
    });
  } finally {
    await audio.finish(joined);
  }

  const outcome = await transaction(services.db, async (trx) => {
    await burns.lockVideoForBurn(trx, burn.video_id);
    const state = await burns.burnState(trx, burn.video_id);
    if (!state || !isCurrentBurn(state, burn)) return { completed: false, state };
    await burns.markHardcodedCompleted(trx, burn.video_id, outputKey);
    await publishEvent(trx, {
      type: 'video',
      companyId: state.company_id,
      videoId: burn.video_id,
      outcome: 'completed',
    });
    await queueNotice(trx, { kind: 'videoOutcome', videoId: burn.video_id, outcome: 'completed' });
    await queueDetection(trx, burn.video_id);
    await burns.deleteBurnInsBefore(trx, burn.video_id, burn.id);
    return { completed: true, state };
  });
  await removeLeftovers(services, sourceKey, outputKey, burn, outcome);
}

/** Segments whose file is gone are burned again; the last of them queues the join again. */
async function burnAgain(services: Services, burn: burns.BurnIn, missing: readonly { index: number }[]) {
  await transaction(services.db, async (trx) => {
    await burns.lockVideoForBurn(trx, burn.video_id);
    if (!isCurrentBurn(await burns.burnState(trx, burn.video_id), burn)) return;
    const indexes = missing.map((segment) => segment.index);
    await burns.markSegments(trx, burn.id, indexes, false);
    for (const index of indexes)
      await enqueue(trx, jobs.burnSegment, { videoId: burn.video_id, burnInId: burn.id, index });
  });
}

/**
 * After the completion: the file the video delivered before, and the segments no current or newer
 * burn uses. A join that lost (its burn was superseded) removes its own output, unless a twin join
 * of the same burn already delivered that very key.
 */
async function removeLeftovers(
  services: Services,
  sourceKey: string,
  outputKey: string,
  burn: burns.BurnIn,
  outcome: { completed: boolean; state: burns.BurnState | undefined },
) {
  const remove = (key: string) =>
    services.storage
      .remove(key)
      .catch((error: unknown) => services.logger.warn({ err: error, key }, 'could not remove a stale file'));
  if (!outcome.completed) {
    if (outcome.state?.hardcoded_key !== outputKey) await remove(outputKey);
    return;
  }
  const previous = outcome.state?.hardcoded_key;
  if (previous && previous !== outputKey) await remove(previous);
  const kept = new Set(
    (await burns.fingerprintsFrom(services.db, burn.video_id, burn.id)).map((segment) =>
      segmentKey(sourceKey, segment),
    ),
  );
  for (const key of await services.storage.list(segmentsFolder(sourceKey)))
    if (!kept.has(key)) await remove(key);
}
