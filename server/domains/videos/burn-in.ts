import path from 'node:path';
import { parseSrt } from '../../../shared/subtitles';
import { resolveStyle } from '../../../shared/subtitles/subtitle-style';
import { transaction } from '../../db/transaction';
import { prepareSubtitleFonts } from '../../media/fonts';
import { probeVideo } from '../../media/probe';
import { renderSubtitles } from '../../media/render-subtitles';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { queueNotice } from '../notices/service';
import { burnedSegments } from './burned-segments';
import { PermanentFailure } from './failure';
import { progressWriter } from './progress';
import * as repo from './repo';
import { subtitleLanguage } from './script-language';

const PROGRESS_STEP = 5;

/**
 * Renders the latest subtitle version into the source video. Idempotent: the output replaces the
 * hardcoded video only when complete, so a retry or a re-burn never leaves half a file.
 */
export async function burnInVideo(services: Services, videoId: number, signal?: AbortSignal): Promise<void> {
  const video = await repo.findForBurnIn(services.db, videoId);
  if (!video?.source_key) return; // deleted meanwhile
  const subtitle = await repo.latestSubtitle(services.db, videoId);
  if (!subtitle) throw new PermanentFailure('No subtitles to burn in');
  const sourceKey = video.source_key;
  // The render reads a local file: the stored one on disk, a fetched copy from a bucket.
  await services.storage.withLocalFile(sourceKey, async (source) => {
    const probe = await probeVideo(services.media.ffprobe, source);
    if (!probe.isAcceptedVideo) throw new PermanentFailure('The source video can no longer be read');

    const announce = () => publishEvent(services.db, { type: 'video', companyId: video.company_id, videoId });
    const writeProgress = progressWriter(
      (percent) => repo.advanceHardcodedProgress(services.db, videoId, percent),
      announce,
    );
    let reported = 0;
    const { output, cleanup } = await renderSubtitles({
      ffmpeg: services.media.ffmpeg,
      source,
      probe,
      cues: parseSrt(subtitle.srt),
      language: subtitleLanguage(video.out_lan, subtitle.srt),
      style: resolveStyle(video.subtitle_style, video.custom_style),
      fonts: await prepareSubtitleFonts(services.config.dataDir),
      tmpDir: services.tmpDir,
      cpu: services.cpu,
      // A revision re-burns only the segments whose subtitles changed.
      segments: burnedSegments(services.storage, sourceKey),
      signal,
      onProgress: (percent) => {
        if (percent < reported + PROGRESS_STEP) return;
        reported = percent;
        writeProgress(percent);
      },
    });
    try {
      const hardcodedKey = path.posix.join(path.posix.dirname(sourceKey), 'hardcoded.mp4');
      await services.storage.adopt(hardcodedKey, output);
      await transaction(services.db, async (trx) => {
        await repo.markHardcodedCompleted(trx, videoId, hardcodedKey);
        await publishEvent(trx, {
          type: 'video',
          companyId: video.company_id,
          videoId,
          outcome: 'completed',
        });
        await queueNotice(trx, { kind: 'videoOutcome', videoId, outcome: 'completed' });
      });
    } finally {
      await cleanup();
    }
  });
}
