import path from 'node:path';
import type { OutputLanguage } from '../../../shared/languages';

/**
 * Where an added language's burned video is kept: beside the source, named by the language and the
 * subtitle version it shows (so `burnOutdated` is read from the key: video_languages keeps no version),
 * and the burn's start, so a burn again never overwrites the file a download link may still name.
 */
export function languageVideoKey(
  sourceKey: string,
  language: OutputLanguage,
  version: number,
  at = Date.now(),
) {
  return path.posix.join(path.posix.dirname(sourceKey), 'languages', `${language}-v${version}-${at}.mp4`);
}

/** The subtitle version a burned video's key names, or null when there is none. */
export function burnedVersion(key: string | null): number | null {
  const match = key ? /-v(\d+)-\d+\.mp4$/.exec(key) : null;
  return match ? Number(match[1]) : null;
}

/** The language's burned video shows older subtitles than its latest version (edited since). */
export function burnOutdated(key: string | null, latestVersion: number | string | null): boolean {
  const burned = burnedVersion(key);
  return burned !== null && latestVersion !== null && burned < Number(latestVersion);
}
