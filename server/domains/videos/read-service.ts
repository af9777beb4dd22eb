import type { OutputLanguage } from '../../../shared/languages';
import type { VideoLanguage } from '../../../shared/schemas/video-languages';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { burnOutdated } from './language-video-keys';
import * as repo from './repo';
import { subtitleLanguage } from './script-language';

export type VideoRow = Awaited<ReturnType<typeof repo.findForCompany>> & {};

export interface VideoPage {
  page: number;
  pageSize: number;
  sort: 'asc' | 'desc';
  search?: string;
}

/** The caller's company's videos; PRODUCT.md §2: the list is empty for a user without a company. */
export async function listVideos(db: Db, user: SessionUser, options: VideoPage) {
  if (!user.companyId) return { videos: [], total: 0 };
  const search = options.search?.trim();
  return repo.pageForCompany(db, user.companyId, { ...options, search: search || undefined });
}

/**
 * A language added to a video as My Videos' chip shows it, with its progress and why it failed (the
 * video's own is its out_lan).
 */
export type ListedLanguage = Omit<VideoLanguage, 'own'>;

/**
 * `listVideos` with each video's own subtitles' language and its added languages (issue 40), for the
 * typed API's list.
 */
export async function listVideosWithLanguages(db: Db, user: SessionUser, options: VideoPage) {
  const page = await listVideos(db, user, options);
  const rows =
    user.companyId && page.videos.length > 0
      ? await repo.languagesOfVideos(
          db,
          user.companyId,
          page.videos.map((video) => video.id),
        )
      : [];
  const byVideo = new Map<number, ListedLanguage[]>();
  for (const row of rows)
    byVideo.set(row.video_id, [
      ...(byVideo.get(row.video_id) ?? []),
      {
        language: row.language,
        status: row.status,
        progress: row.progress,
        failureReason: row.failure_reason,
        burnStatus: row.burn_status,
        burnProgress: row.burn_progress,
        burnFailureReason: row.burn_failure_reason,
        burnOutdated: burnOutdated(row.hardcoded_key, row.latest_version),
      },
    ]);
  const ownLanguages = await ownLanguagesOf(db, user, page.videos);
  return {
    ...page,
    videos: page.videos.map((video) => ({
      ...video,
      ownLanguage: ownLanguages.get(video.id) ?? null,
      languages: byVideo.get(video.id) ?? [],
    })),
  };
}

/**
 * Each video's own subtitles' language (script-language.ts): its output language, or for a user's own
 * SRT the one its latest own version is written in; absent while it has no subtitles.
 */
async function ownLanguagesOf(
  db: Db,
  user: SessionUser,
  videos: readonly { id: number; out_lan: OutputLanguage | null }[],
): Promise<Map<number, OutputLanguage>> {
  const languages = new Map<number, OutputLanguage>();
  for (const video of videos) if (video.out_lan) languages.set(video.id, video.out_lan);
  const unknown = videos.filter((video) => !video.out_lan).map((video) => video.id);
  if (!user.companyId || unknown.length === 0) return languages;
  for (const own of await repo.ownSubtitlesWithoutLanguage(db, user.companyId, unknown))
    languages.set(own.video_id, subtitleLanguage(null, own.srt));
  return languages;
}

export async function getVideo(db: Db, user: SessionUser, videoId: number): Promise<VideoRow> {
  const video = user.companyId ? await repo.findForCompany(db, user.companyId, videoId) : undefined;
  if (!video) throw new NotFound('Video');
  return video;
}

export async function countVideos(db: Db, user: SessionUser) {
  return user.companyId
    ? (await repo.pageForCompany(db, user.companyId, { page: 1, pageSize: 1, sort: 'desc' })).total
    : 0;
}

export async function latestSubtitles(db: Db, user: SessionUser, videoId: number) {
  await getVideo(db, user, videoId);
  const subtitle = await repo.latestSubtitle(db, videoId);
  if (!subtitle) throw new NotFound('Subtitles');
  return subtitle;
}
