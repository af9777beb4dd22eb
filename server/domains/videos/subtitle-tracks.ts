import type { OutputLanguage } from '../../../shared/languages';
import { parseSrt } from '../../../shared/subtitles';
import type { Cue } from '../../../shared/subtitles/cue';
import { resolveStyle, type SubtitleStyle } from '../../../shared/subtitles/subtitle-style';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import * as repo from './repo';
import { subtitleLanguage } from './script-language';

/** One language of a video's subtitles; the default look when no style is given. */
export interface SubtitleTrack {
  language: OutputLanguage;
  cues: readonly Cue[];
  style?: SubtitleStyle;
}

export type TrackedVideo = NonNullable<Awaited<ReturnType<typeof repo.findForSoftSubtitles>>>;

/**
 * A video of the caller's company with its subtitles, a track per language, and the default one:
 * first its own subtitles (the latest version, in the language the exports name, script-language.ts),
 * the default track, then the latest version of every READY language added to it (issue 40), all in
 * the video's look.
 */
export async function videoSubtitleTracks(
  services: Services,
  user: SessionUser,
  videoId: number,
): Promise<{ video: TrackedVideo; tracks: SubtitleTrack[]; defaultLanguage: OutputLanguage }> {
  const video = user.companyId
    ? await repo.findForSoftSubtitles(services.db, user.companyId, videoId)
    : undefined;
  if (!video) throw new NotFound('Video');
  const subtitle = await repo.latestSubtitle(services.db, video.id);
  if (!subtitle) throw new NotFound('Subtitles');
  const language = subtitleLanguage(video.out_lan, subtitle.srt);
  const style = resolveStyle(video.subtitle_style, video.custom_style);
  const tracks: SubtitleTrack[] = [{ language, cues: parseSrt(subtitle.srt), style }];
  for (const added of await repo.readyLanguages(services.db, video.company_id, video.id)) {
    const latest = added === language ? undefined : await repo.latestSubtitle(services.db, video.id, added);
    if (latest) tracks.push({ language: added, cues: parseSrt(latest.srt), style });
  }
  return { video, tracks, defaultLanguage: language };
}
