import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { softSubtitlesDownloadName } from '../../../shared/file-names';
import { ISO_639_2, OUTPUT_LANGUAGES, type OutputLanguage } from '../../../shared/languages';
import { SOFT_SUBTITLE_TEXTS, type SoftSubtitleFormat } from '../../../shared/schemas/soft-subtitles';
import { fontFilesOfAss } from '../../../shared/subtitles/font-files';
import { writeCueFile } from '../../../shared/subtitles/subtitle-files';
import { AUDIO_ONLY_FRAME, isAudioOnly } from '../../../shared/video-status';
import { JOB_NICENESS } from '../../cpu-share';
import { Conflict, ServiceUnavailable, TooManyRequests } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { BoundedRuns } from '../../media/bounded-runs';
import { prepareSubtitleFonts } from '../../media/fonts';
import { probeVideo } from '../../media/probe';
import { SOURCE_LINK_SECONDS } from '../../media/remote-input';
import { FfmpegFailed, FfmpegTimedOut } from '../../media/run-ffmpeg';
import { makeSoftSubtitleFile } from '../../media/soft-subtitles';
import type { Services } from '../../services';
import { DOWNLOAD_LINK_SECONDS, signDownload } from '../../storage/signed-urls';
import { type SubtitleTrack, videoSubtitleTracks } from './subtitle-tracks';

/** What the file is made from: the video's stored source, its length and whether it has a picture. */
export interface SoftSubtitleSource {
  sourceKey: string;
  durationSeconds: number;
  audioOnly: boolean;
}

/** Stream copies run by this process at once, and waiting their turn; past that, refused (429). */
const MADE_AT_ONCE = 2;
const MADE_WAITING = 8;
const runs = new BoundedRuns(MADE_AT_ONCE, MADE_WAITING);

const PREFIX = 'soft-subtitles-';

/** Matroska for a video, Matroska audio for audio alone, or MP4: the stored file's extension. */
function extensionOf(format: SoftSubtitleFormat, audioOnly: boolean): string {
  if (format === 'mp4') return '.mp4';
  return audioOnly ? '.mka' : '.mkv';
}

/** Each track as the file it is muxed from: ASS in Matroska (the burn-in's script, style kept), SRT in MP4. */
function trackFiles(
  tracks: readonly SubtitleTrack[],
  format: SoftSubtitleFormat,
  frame: { width: number; height: number },
) {
  return tracks.map((track) => {
    const kind = format === 'mkv' ? 'ass' : 'srt';
    return {
      track,
      name: `${track.language}.${kind}`,
      text: writeCueFile(kind, track.cues, { ...frame, language: track.language, style: track.style }),
    };
  });
}

/**
 * The source with the tracks, stored beside it under a key named by what it is made of (the track
 * files and the format), so the same subtitles are made once and a new version or style is a new
 * file; the files of earlier versions are removed. Answers the stored key.
 */
export async function softSubtitleFile(
  services: Services,
  source: SoftSubtitleSource,
  tracks: readonly SubtitleTrack[],
  format: SoftSubtitleFormat,
  defaultLanguage: OutputLanguage,
): Promise<string> {
  const probeInput = await services.storage.probeInput(source.sourceKey);
  const probe = await probeVideo(services.media.ffprobe, probeInput);
  const frame = probe.width && probe.height ? { width: probe.width, height: probe.height } : AUDIO_ONLY_FRAME;
  const files = trackFiles(tracks, format, frame);
  const extension = extensionOf(format, source.audioOnly);
  const hash = createHash('sha256').update(extension);
  for (const file of files) hash.update(`\0${file.name}\0${file.text}`);
  hash.update(`\0default=${defaultLanguage}`);
  const folder = path.posix.dirname(source.sourceKey);
  const key = path.posix.join(folder, `${PREFIX}${hash.digest('hex').slice(0, 24)}${extension}`);
  if ((await services.storage.size(key)) !== null) return key;

  const made = runs.run(async () => {
    const workDir = await mkdtemp(path.join(services.tmpDir, 'soft-subtitles-'));
    try {
      const tracksOnDisk = await Promise.all(
        files.map(async (file) => {
          const local = path.join(workDir, file.name);
          await writeFile(local, file.text);
          return {
            file: local,
            language: ISO_639_2[file.track.language],
            title: OUTPUT_LANGUAGES[file.track.language],
            isDefault: file.track.language === defaultLanguage,
          };
        }),
      );
      // The faces the ASS tracks draw with, carried along: a player without Noto would substitute its own.
      const fontsDir = format === 'mkv' ? (await prepareSubtitleFonts(services.config.dataDir)).fontsDir : '';
      const fonts = [
        ...new Set(files.flatMap((file) => (format === 'mkv' ? fontFilesOfAss(file.text) : []))),
      ];
      const output = path.join(workDir, `out${extension}`);
      await makeSoftSubtitleFile(
        services.media.ffmpeg,
        {
          input: await services.storage.rangedInput(source.sourceKey, SOURCE_LINK_SECONDS),
          tracks: tracksOnDisk,
          container: format === 'mp4' ? 'mp4' : 'matroska',
          audioOnly: source.audioOnly,
          fonts: fonts.map((font) => path.join(fontsDir, font)),
          output,
          mediaSeconds: source.durationSeconds,
          timeLimit: services.media.timeLimit,
        },
        { cwd: workDir, niceness: JOB_NICENESS },
      );
      await services.storage.adopt(key, output);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
  if (!made) throw new TooManyRequests(SOFT_SUBTITLE_TEXTS.busy, 5);
  try {
    await made;
  } catch (error) {
    // Said in words, not a 500: a run stopped at its time limit, or a stream ffmpeg cannot copy into
    // the container (sound MP4 does not take, such as PCM).
    if (error instanceof FfmpegTimedOut) throw new ServiceUnavailable(SOFT_SUBTITLE_TEXTS.tookTooLong);
    if (error instanceof FfmpegFailed) throw new Conflict(SOFT_SUBTITLE_TEXTS.notCopyable);
    throw error;
  }
  await removeEarlierFiles(services, folder, key, extension);
  return key;
}

async function removeEarlierFiles(services: Services, folder: string, kept: string, extension: string) {
  const earlier = (await services.storage.list(`${folder}/`)).filter(
    (key) => key !== kept && path.posix.basename(key).startsWith(PREFIX) && key.endsWith(extension),
  );
  await Promise.all(earlier.map((key) => services.storage.remove(key)));
}

/**
 * A short-lived signed link to the caller's company's video with its subtitles as tracks: today one
 * track, the latest subtitles in the output language (as the exports pick it), the default one.
 * Audio alone comes as Matroska audio; MP4 refuses it in words.
 */
export async function softSubtitlesDownloadUrl(
  services: Services,
  user: SessionUser,
  videoId: number,
  format: SoftSubtitleFormat,
): Promise<string> {
  const { video, tracks, defaultLanguage } = await videoSubtitleTracks(services, user, videoId);
  const audioOnly = isAudioOnly(video);
  if (audioOnly && format === 'mp4') throw new Conflict(SOFT_SUBTITLE_TEXTS.audioOnlyMp4);
  if (!video.source_key || (await services.storage.size(video.source_key)) === null)
    throw new Conflict(SOFT_SUBTITLE_TEXTS.sourceGone);
  const key = await softSubtitleFile(
    services,
    { sourceKey: video.source_key, durationSeconds: video.duration_seconds, audioOnly },
    tracks,
    format,
    defaultLanguage,
  );
  const token = signDownload(services.secret, {
    key,
    filename: softSubtitlesDownloadName(video, extensionOf(format, audioOnly)),
    expiresAt: Date.now() + DOWNLOAD_LINK_SECONDS * 1000,
    holder: { userId: user.id, companyId: video.company_id },
  });
  return `${services.config.publicUrl}/api/files/${token}`;
}
