import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { prepareSubtitleFonts } from '../../media/fonts';
import { paidLength } from '../../media/paid-length';
import { SOURCE_LINK_SECONDS } from '../../media/remote-input';
import { runTimeLimitMs } from '../../media/run-ffmpeg';
import { burnSegmentFile, joinSegmentFiles, type MadeFile } from '../../media/segment-files';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { burnFrame, burnScript, planAgainst } from '../burn-in/burn-plan';
import { joinAudio } from '../burn-in/joined-audio';
import { PermanentFailure } from '../videos/failure';
import { languageVideoKey } from '../videos/language-video-keys';
import { progressWriter } from '../videos/progress';
import * as videos from '../videos/service';
import * as jobRepo from './job-repo';
import { type LanguageJob, VIDEO_DELETED } from './translation';

/** Burning the segments takes the bar to here; joining them takes it to 100. */
const SEGMENTS_SHARE = 95;

/**
 * The burned video of an added language (`burnLanguage` job): the language's latest version drawn in
 * the video's look by the segment burn-in's plan and ffmpeg runs (burn-in/burn-plan.ts,
 * server/media/segment-files.ts), the segments joined with the source's sound, kept under a key of
 * its own (videos/language-video-keys.ts). The video's own burned video, status and segments are never touched. A
 * burn no longer wanted (failed, the video deleted) keeps nothing; the newest burn of the language
 * completes it.
 */
export async function burnLanguageVideo(services: Services, job: LanguageJob, signal?: AbortSignal) {
  const { videoId, language } = job;
  const found = await jobRepo.findForTranslation(services.db, videoId, language);
  if (found?.burn_status !== 'burning') return;
  if (found.deleted_at || !found.source_key)
    throw new PermanentFailure(VIDEO_DELETED, `burn language: video ${videoId} was deleted`);
  const subtitle = await videos.latestSubtitle(services.db, videoId, language);
  if (!subtitle)
    throw new PermanentFailure(
      'There were no subtitles in this language to burn in.',
      `burn language: video ${videoId} has no ${language} version`,
    );
  const source = { ...found, source_key: found.source_key, out_lan: language };
  const frame = await burnFrame(services, source);
  const ass = burnScript(source, frame, subtitle.srt);
  const segments = planAgainst(services, source.source_key, ass, frame, new Set());
  const untilSeconds = paidLength(Number(found.duration_seconds));
  const report = progressWriter(
    (percent) => jobRepo.advanceBurnProgress(services.db, videoId, language, percent),
    () => publishEvent(services.db, { type: 'video', companyId: found.company_id, videoId }),
  );
  const fonts = await prepareSubtitleFonts(services.config.dataDir);
  const made: MadeFile[] = [];
  const outputKey = languageVideoKey(source.source_key, language, subtitle.version);
  try {
    for (const segment of segments) {
      const seconds = (segment.frames ?? frame.frames - segment.startFrame) / frame.fps;
      made.push(
        await burnSegmentFile({
          ffmpeg: services.media.ffmpeg,
          tmpDir: services.tmpDir,
          cpu: services.cpu,
          signal,
          source: await services.storage.rangedInput(source.source_key, SOURCE_LINK_SECONDS),
          ass,
          fonts,
          fps: frame.fps,
          segment,
          untilSeconds,
          timeLimitMs: runTimeLimitMs(services.media.timeLimit, seconds),
        }),
      );
      report(Math.floor((made.length / segments.length) * SEGMENTS_SHARE));
    }
    const timeLimitMs = runTimeLimitMs(services.media.timeLimit, untilSeconds);
    const audio = await joinAudio(
      services,
      source.source_key,
      frame.copyAudio,
      { untilSeconds, timeLimitMs },
      signal,
    );
    let joined = false;
    try {
      const output = await joinSegmentFiles({
        ffmpeg: services.media.ffmpeg,
        tmpDir: services.tmpDir,
        cpu: services.cpu,
        signal,
        source: audio.input,
        segments: made.map((file) => file.output),
        copyAudio: audio.copyAudio,
        untilSeconds,
        timeLimitMs,
      });
      try {
        await services.storage.adopt(outputKey, output.output);
        joined = true;
      } finally {
        await output.cleanup();
      }
    } finally {
      await audio.finish(joined);
    }
  } finally {
    await Promise.all(made.map((file) => file.cleanup()));
  }
  const previous = await transaction(services.db, async (trx) => {
    // The company, the video, then the language's row (server/db/locks.ts).
    await lockVideoOfCompany(trx, videoId);
    const row = await jobRepo.lockLanguage(trx, videoId, language);
    if (row?.burn_status !== 'burning') return outputKey; // not wanted any more: this file goes
    await jobRepo.markBurned(trx, videoId, language, outputKey);
    await publishEvent(trx, { type: 'video', companyId: found.company_id, videoId });
    return row.hardcoded_key;
  });
  if (previous && previous !== outputKey)
    await services.storage
      .remove(previous)
      .catch((error: unknown) =>
        services.logger.warn({ err: error, key: previous }, 'could not remove a stale file'),
      );
}
