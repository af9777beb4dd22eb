import { subtitleExportName, videoDownloadName } from '../../../shared/file-names';
import { SUBTITLE_FILE_TYPES, writeCueFile } from '../../../shared/subtitles/subtitle-files';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import { videoSubtitleTracks } from './subtitle-tracks';

const FORMATS = ['srt', 'vtt'] as const;

/**
 * The caller's company's video's subtitles as one ZIP: each language's SRT and WebVTT, named as the
 * single downloads are (`Our talk.fr.srt`). Small text files: made in memory, with the ZIP library
 * the company export uses, loaded on first use.
 */
export async function subtitlesZip(
  services: Services,
  user: SessionUser,
  videoId: number,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { video, tracks } = await videoSubtitleTracks(services, user, videoId);
  const { zipSync, strToU8 } = await import('fflate');
  const files: Record<string, Uint8Array> = {};
  for (const track of tracks)
    for (const format of FORMATS)
      files[subtitleExportName(video, track.language, SUBTITLE_FILE_TYPES[format].suffix)] = strToU8(
        writeCueFile(format, track.cues, { width: 0, height: 0, language: track.language }),
      );
  return {
    fileName: videoDownloadName(video, '_subtitles.zip', 'subtitles'),
    bytes: zipSync(files, { level: 6 }),
  };
}
