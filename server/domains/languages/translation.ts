import { downloadName } from '../../../shared/file-names';
import type { OutputLanguage } from '../../../shared/languages';
import { DEFAULT_PLAN } from '../../../shared/plans';
import { parseSrt, writeSrt } from '../../../shared/subtitles';
import type { Cue } from '../../../shared/subtitles/cue';
import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { shapeCues } from '../generation/subtitle-text';
import { glossaryForVideo } from '../glossary/service';
import { PermanentFailure } from '../videos/failure';
import { progressWriter } from '../videos/progress';
import { subtitleLanguage } from '../videos/script-language';
import * as videos from '../videos/service';
import * as jobRepo from './job-repo';

/** What a language's job says when its video was deleted before it was done. */
export const VIDEO_DELETED = 'The video was deleted before this was done.';

/** The job of an added language. */
export interface LanguageJob {
  videoId: number;
  language: OutputLanguage;
}

/** Each shaped cue back on its source cue's times: an added language keeps the source's timing. */
export function onSourceTiming(source: readonly Cue[], shaped: readonly Cue[]): Cue[] {
  if (shaped.length !== source.length) return [...shaped];
  return shaped.map((cue, index) => {
    const from = source[index] ?? cue;
    return { ...cue, startMs: from.startMs, endMs: from.endMs };
  });
}

/**
 * The translation of an added language (`translateLanguage` job): the video's current own subtitles
 * (its latest own version: corrections and revisions included) through the configured translator,
 * the company glossary applied, shaped to the video's plan (as generation shapes, generation/subtitle-text.ts)
 * and kept on each source cue's timing; stored as version 0 of the language and the language made
 * ready in one transaction, its burned video queued when it was bought with it. A language no longer
 * translating (failed meanwhile, the video deleted) keeps nothing.
 */
export async function translateLanguage(services: Services, job: LanguageJob, signal?: AbortSignal) {
  const { videoId, language } = job;
  const video = await jobRepo.findForTranslation(services.db, videoId, language);
  if (video?.status !== 'translating') return;
  // Deleted meanwhile: nothing will be delivered, so the language fails and its charge comes back.
  if (video.deleted_at)
    throw new PermanentFailure(VIDEO_DELETED, `translate language: video ${videoId} was deleted`);
  const own = await videos.latestSubtitle(services.db, videoId);
  if (!own)
    throw new PermanentFailure(
      'The video has no subtitles to translate.',
      `translate language: video ${videoId} has no own subtitle version`,
    );
  const from = subtitleLanguage(video.out_lan, own.srt);
  const source = parseSrt(own.srt);
  const report = progressWriter(
    (percent) => jobRepo.advanceProgress(services.db, videoId, language, percent),
    () => publishEvent(services.db, { type: 'video', companyId: video.company_id, videoId }),
  );
  let reported = 0;
  const shaped = await shapeCues(services.engines, source, {
    from,
    to: language,
    plan: video.rso ?? DEFAULT_PLAN,
    glossary: (await glossaryForVideo(services.db, video.company_id, language)).terms,
    signal,
    onProgress: (percent) => {
      const overall = Math.min(99, Math.floor(percent));
      if (overall < reported + 2) return;
      reported = overall;
      report(overall);
    },
  });
  const cues = onSourceTiming(source, shaped.cues);
  await transaction(services.db, async (trx) => {
    // The company, the video, then the language's row (server/db/locks.ts).
    await lockVideoOfCompany(trx, videoId);
    const row = await jobRepo.lockLanguage(trx, videoId, language);
    if (row?.status !== 'translating') return;
    const latest = await videos.latestSubtitle(trx, videoId, language);
    await videos.insertSubtitleVersion(trx, {
      videoId,
      language,
      version: latest ? latest.version + 1 : 0,
      origin: 'generated',
      name: downloadName(video.filename, `.${language}.srt`),
      srt: writeSrt(cues),
      stats: shaped.compliance,
    });
    await jobRepo.markReady(trx, videoId, language);
    if (row.burn_status === 'burning') await enqueue(trx, jobs.burnLanguage, { videoId, language });
    await publishEvent(trx, { type: 'video', companyId: video.company_id, videoId });
  });
}
