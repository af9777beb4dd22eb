import type { z } from 'zod';
import { OUTPUT_LANGUAGE_CODES, type OutputLanguage } from '../../../shared/languages';
import { reburnPriceFor, translationPriceFor } from '../../../shared/pricing';
import {
  type addLanguageInput,
  type burnLanguageInput,
  LANGUAGE_TEXTS,
  type LanguageBurnStatus,
  type LanguageStatus,
  type VideoLanguage,
  type VideoLanguages,
} from '../../../shared/schemas/video-languages';
import type { Db } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { currentPriceList } from '../prices/service';
import { burnOutdated } from '../videos/language-video-keys';
import { subtitleLanguage } from '../videos/script-language';
import * as videos from '../videos/service';
import { assertAffordable, chargeLanguage } from './charges';
import * as repo from './repo';

/** The video's own subtitles' language: the output language, or an own SRT's (script-language.ts). */
export async function ownLanguage(db: Db, video: repo.LanguagesVideo): Promise<OutputLanguage> {
  if (video.out_lan) return video.out_lan;
  const own = await videos.latestSubtitle(db, video.id);
  return subtitleLanguage(null, own?.srt ?? '');
}

const ownStatus = (video: repo.LanguagesVideo): LanguageStatus =>
  video.srt_status === 'completed' ? 'ready' : video.srt_status === 'failed' ? 'failed' : 'translating';

const OWN_BURN: Partial<Record<string, LanguageBurnStatus>> = {
  completed: 'ready',
  polling: 'burning',
  failed: 'failed',
};
const ownBurnStatus = (video: repo.LanguagesVideo): LanguageBurnStatus =>
  OWN_BURN[video.hardcoded_status] ?? null;

type LanguageRow = Awaited<ReturnType<typeof videos.languagesOfVideos>>[number];

function addedLanguage(row: LanguageRow): VideoLanguage {
  return {
    language: row.language,
    own: false,
    status: row.status,
    progress: row.progress,
    failureReason: row.failure_reason,
    burnStatus: row.burn_status,
    burnProgress: row.burn_progress,
    burnFailureReason: row.burn_failure_reason,
    burnOutdated: burnOutdated(row.hardcoded_key, row.latest_version),
  };
}

/** A user without a company has no videos: any video is not found. */
function callerCompany(user: SessionUser): number {
  if (!user.companyId) throw new NotFound('Video');
  return user.companyId;
}

async function findVideo(db: Db, user: SessionUser, videoId: number) {
  const video = user.companyId ? await repo.findVideo(db, user.companyId, videoId) : undefined;
  if (!video || !user.companyId) throw new NotFound('Video');
  return { video, companyId: user.companyId };
}

/** `videos.languages`: the video's own language first, then the added ones, what may be added, the prices. */
export async function videoLanguages(
  services: Services,
  user: SessionUser,
  videoId: number,
): Promise<VideoLanguages> {
  const { video, companyId } = await findVideo(services.db, user, videoId);
  const [own, rows, prices] = await Promise.all([
    ownLanguage(services.db, video),
    videos.languagesOfVideos(services.db, companyId, [videoId]),
    currentPriceList(services.db),
  ]);
  const taken = new Set<OutputLanguage>([
    own,
    ...rows.filter((row) => row.status !== 'failed').map((row) => row.language),
  ]);
  const seconds = Number(video.duration_seconds);
  return {
    languages: [
      {
        language: own,
        own: true,
        status: ownStatus(video),
        progress: video.srt_status === 'completed' ? 100 : video.srt_progress,
        failureReason: null,
        burnStatus: ownBurnStatus(video),
        burnProgress: video.hardcoded_progress,
        burnFailureReason: null,
        burnOutdated: false,
      },
      ...rows.map(addedLanguage),
    ],
    addable: video.srt_status === 'completed' ? OUTPUT_LANGUAGE_CODES.filter((code) => !taken.has(code)) : [],
    priceCents: translationPriceFor(seconds, prices),
    burnPriceCents: reburnPriceFor(seconds, prices),
  };
}

async function languageOf(services: Services, companyId: number, videoId: number, language: OutputLanguage) {
  const row = (await videos.languagesOfVideos(services.db, companyId, [videoId])).find(
    (found) => found.language === language,
  );
  if (!row) throw new NotFound('Language');
  return addedLanguage(row);
}

/**
 * Adds a language to a finished video: refused in plain words before anything is charged when the
 * video is not finished, the language is its own or already added, or no engine translates; else in
 * one transaction (company, then video: server/db/locks.ts) the translation charged (and the burned
 * video, when `burn`), the language's row made translating and its job queued. Two clicks at once
 * queue behind the company's lock, and the second finds the language added: charged once.
 */
export async function addLanguage(
  services: Services,
  user: SessionUser,
  input: z.output<typeof addLanguageInput>,
): Promise<VideoLanguage> {
  const companyId = callerCompany(user);
  const prices = await currentPriceList(services.db);
  await transaction(services.db, async (trx) => {
    const company = await lockCompany(trx, companyId);
    const video = await repo.lockVideo(trx, companyId, input.id);
    if (!company || !video) throw new NotFound('Video');
    if (video.srt_status !== 'completed') throw new Conflict(LANGUAGE_TEXTS.notFinished);
    if ((await ownLanguage(trx, video)) === input.language) throw new Conflict(LANGUAGE_TEXTS.ownLanguage);
    const existing = (await videos.languagesOfVideos(trx, companyId, [video.id])).find(
      (row) => row.language === input.language,
    );
    if (existing && existing.status !== 'failed') throw new Conflict(LANGUAGE_TEXTS.alreadyAdded);
    if (!services.engines.translator) throw new Conflict(LANGUAGE_TEXTS.noEngine);
    // A video without a picture (audio alone) has nothing to burn.
    const burn = input.burn && video.hardcoded_status !== 'not_applicable';
    const seconds = Number(video.duration_seconds);
    const translation = translationPriceFor(seconds, prices);
    const burnPrice = reburnPriceFor(seconds, prices);
    const charge = {
      companyId,
      userId: user.id,
      videoId: video.id,
      language: input.language,
      filename: video.filename,
    };
    // One balance check for both, so a balance short of the pair charges neither.
    const balanceCents = Number(company.credits_cents);
    assertAffordable(translation + (burn ? burnPrice : 0), balanceCents);
    await chargeLanguage(trx, { ...charge, product: 'translation', priceCents: translation, balanceCents });
    if (burn)
      await chargeLanguage(trx, {
        ...charge,
        product: 'burn',
        priceCents: burnPrice,
        balanceCents: balanceCents - translation,
      });
    await repo.startTranslation(trx, { videoId: video.id, language: input.language, userId: user.id, burn });
    await enqueue(trx, jobs.translateLanguage, { videoId: video.id, language: input.language });
    await publishEvent(trx, { type: 'video', companyId, videoId: video.id });
  });
  return languageOf(services, companyId, input.id, input.language);
}

/**
 * Burns a ready added language into its own video, charged as a re-burn of the whole video
 * (shared/pricing.ts `reburnPriceFor`) in the transaction that queues it. A burn under way is not
 * bought twice; a burned video older than the language's latest version may be burned again.
 */
export async function burnLanguage(
  services: Services,
  user: SessionUser,
  input: z.output<typeof burnLanguageInput>,
): Promise<VideoLanguage> {
  const companyId = callerCompany(user);
  const prices = await currentPriceList(services.db);
  await transaction(services.db, async (trx) => {
    const company = await lockCompany(trx, companyId);
    const video = await repo.lockVideo(trx, companyId, input.id);
    if (!company || !video) throw new NotFound('Video');
    const row = (await videos.languagesOfVideos(trx, companyId, [video.id])).find(
      (found) => found.language === input.language,
    );
    if (!row) throw new NotFound('Language');
    if (row.status !== 'ready' || row.burn_status === 'burning') throw new Conflict(LANGUAGE_TEXTS.notReady);
    if (video.hardcoded_status === 'not_applicable')
      throw new Conflict('This video has no picture to burn subtitles into.');
    await chargeLanguage(trx, {
      product: 'burn',
      companyId,
      balanceCents: Number(company.credits_cents),
      userId: user.id,
      videoId: video.id,
      language: input.language,
      filename: video.filename,
      priceCents: reburnPriceFor(Number(video.duration_seconds), prices),
    });
    await repo.startBurn(trx, video.id, input.language);
    await enqueue(trx, jobs.burnLanguage, { videoId: video.id, language: input.language });
    await publishEvent(trx, { type: 'video', companyId, videoId: video.id });
  });
  return languageOf(services, companyId, input.id, input.language);
}
