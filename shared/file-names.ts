/** Strips folders, control characters and excess length from a user's file name. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return (clean || 'video').slice(0, 200);
}

/**
 * The name a download is saved under: the file's name without its extension, plus ours
 * (`talk.mp4` → `talk_subtitled.mp4`, `talk.srt`); `fallback` when nothing is left.
 */
export function downloadName(name: string, suffix: string, fallback = 'video'): string {
  const base = displayName(name).replace(/\.[^.]*$/, '');
  return `${base || fallback}${suffix}`;
}

/** Characters some systems refuse in a file name. */
const UNSAFE_IN_FILE_NAMES = /[\\/<>:"|?*]/g;

/**
 * The name a video's download is saved under: its title when it has one (several uploads of
 * `clip.mp4` would all save as `clip…`), else its file's name without the extension; plus `suffix`.
 */
export function videoDownloadName(
  video: { title: string; filename: string },
  suffix: string,
  fallback = 'video',
): string {
  const title = video.title.replace(UNSAFE_IN_FILE_NAMES, '_').trim();
  return title ? `${displayName(title)}${suffix}` : downloadName(video.filename, suffix, fallback);
}

/**
 * The name a language's burned video is saved under (issue 40): the video's title, `_subtitled`, then
 * the language before the extension (`Our talk_subtitled.fr.mp4`), as an export names its language.
 */
export function languageVideoDownloadName(
  video: { title: string; filename: string },
  language: string,
): string {
  return videoDownloadName(video, `_subtitled.${language}.mp4`);
}

/** The name a video's SRT is saved under, from My Videos and from the editor alike: `Our talk.srt`. */
export function srtDownloadName(video: { title: string; filename: string }): string {
  return videoDownloadName(video, '.srt', 'subtitles');
}

/**
 * The name a subtitle export is saved under: the video's title (its file's name when it has none)
 * and the subtitles' language, plus the format's suffix (`Our talk.en.vtt`).
 */
export function subtitleExportName(
  video: { title: string; filename: string },
  language: string,
  suffix: string,
): string {
  const title = video.title.replace(UNSAFE_IN_FILE_NAMES, '_');
  const base = title.trim() ? displayName(title) : downloadName(video.filename, '', 'subtitles');
  return `${base.replace(UNSAFE_IN_FILE_NAMES, '_')}.${language}${suffix}`;
}

/**
 * The name the video with its subtitles as tracks is saved under: the video's title, then
 * `_subtitles` and the file's extension (`Our talk_subtitles.mkv`, `.mp4`, `.mka` for audio alone).
 */
export function softSubtitlesDownloadName(
  video: { title: string; filename: string },
  extension: string,
): string {
  return videoDownloadName(video, `_subtitles${extension}`);
}
