import { subtitleExportName } from '../../../shared/file-names';
import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../shared/languages';
import { EXPORT_TEXTS, type SubtitleFormat } from '../../../shared/schemas/exports';
import { parseSrt } from '../../../shared/subtitles';
import { isCueFileFormat, SUBTITLE_FILE_TYPES, writeCueFile } from '../../../shared/subtitles/subtitle-files';
import { resolveStyle } from '../../../shared/subtitles/subtitle-style';
import { writeWordTimings } from '../../../shared/subtitles/word-timings';
import { AUDIO_ONLY_FRAME } from '../../../shared/video-status';
import { InvalidInput, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { probeVideo } from '../../media/probe';
import type { Services } from '../../services';
import * as repo from './repo';
import { subtitleLanguage } from './script-language';
import { readStoredTranscript, transcriptKey } from './transcripts';

/** A subtitle download: its UTF-8 text, the name it is saved under and its media type. */
export interface SubtitleFile {
  fileName: string;
  mimeType: string;
  content: string;
}

type ExportVideo = NonNullable<Awaited<ReturnType<typeof repo.findForExport>>>;

async function companyVideo(services: Services, user: SessionUser, videoId: number) {
  const video = user.companyId ? await repo.findForExport(services.db, user.companyId, videoId) : undefined;
  // The refusal the SRT download gives (read-service.ts): another company's video is not found.
  if (!video) throw new NotFound('Video');
  return video;
}

/** The frame size the burn-in draws on: the source's, as server/media/render-subtitles.ts reads it. */
async function frameSize(services: Services, video: ExportVideo) {
  if (!video.source_key) throw new NotFound('Video file');
  const probe = await probeVideo(services.media.ffprobe, await services.storage.probeInput(video.source_key));
  // Audio alone has no frame (issue 22).
  if (!probe.width || !probe.height) return AUDIO_ONLY_FRAME;
  return { width: probe.width, height: probe.height };
}

async function wordTimingsFile(services: Services, video: ExportVideo): Promise<SubtitleFile> {
  if (video.mode !== 'generate') throw new InvalidInput(EXPORT_TEXTS.noWordTimings);
  const stored = video.source_key && (await services.storage.size(transcriptKey(video.source_key))) !== null;
  if (!stored || !video.source_key) throw new NotFound('Word timings');
  const transcript = await readStoredTranscript(services, video.source_key);
  const type = SUBTITLE_FILE_TYPES['words-json'];
  return {
    fileName: subtitleExportName(video, transcript.language, type.suffix),
    mimeType: type.mimeType,
    content: writeWordTimings({
      title: video.title,
      language: transcript.language,
      words: transcript.words,
      audioStartMs: video.audio_start_ms,
    }),
  };
}

/**
 * The latest subtitles of the language asked for: the video's own when none is asked (or its own
 * language is), else a ready added language's (issue 40); one not added or still being made is not
 * found, in plain words.
 */
async function subtitlesIn(services: Services, video: ExportVideo, asked: OutputLanguage | undefined) {
  const own = await repo.latestSubtitle(services.db, video.id);
  if (!own) throw new NotFound('Subtitles');
  const ownLanguage = subtitleLanguage(video.out_lan, own.srt);
  if (!asked || asked === ownLanguage) return { subtitle: own, language: ownLanguage, own: true };
  const missing = new NotFound(`Subtitles in ${OUTPUT_LANGUAGES[asked]}`);
  if (!(await repo.isReadyLanguage(services.db, video.company_id, video.id, asked))) throw missing;
  const subtitle = await repo.latestSubtitle(services.db, video.id, asked);
  if (!subtitle) throw missing;
  return { subtitle, language: asked, own: false };
}

/**
 * The video's latest subtitles in a format, in its own language or an added one (`language`). The SRT
 * is the stored text and name, as the SRT download gives them; the ASS is the burn-in's script for
 * this video. Word timings only for generated subtitles, in the language they were heard in.
 */
export async function exportSubtitles(
  services: Services,
  user: SessionUser,
  videoId: number,
  format: SubtitleFormat,
  asked?: OutputLanguage,
): Promise<SubtitleFile> {
  const video = await companyVideo(services, user, videoId);
  const { subtitle, language, own } = await subtitlesIn(services, video, asked);
  if (!isCueFileFormat(format)) {
    if (!own) throw new NotFound(`Word timings in ${OUTPUT_LANGUAGES[language]}`);
    return wordTimingsFile(services, video);
  }
  const type = SUBTITLE_FILE_TYPES[format];
  if (format === 'srt')
    return {
      fileName: subtitleExportName(video, language, type.suffix),
      mimeType: type.mimeType,
      content: subtitle.srt,
    };
  // Only the ASS is laid out on the frame; the other formats do not read the source.
  const size = format === 'ass' ? await frameSize(services, video) : { width: 0, height: 0 };
  return {
    fileName: subtitleExportName(video, language, type.suffix),
    mimeType: type.mimeType,
    content: writeCueFile(format, parseSrt(subtitle.srt), {
      ...size,
      language,
      style: resolveStyle(video.subtitle_style, video.custom_style),
    }),
  };
}
