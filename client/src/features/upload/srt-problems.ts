// The SRT modules themselves, not the shared/subtitles index, which would pull budoux into the page.
import { decodeSrtBytes } from '../../../../shared/subtitles/srt-bytes';
import { describeIssue, SrtError } from '../../../../shared/subtitles/srt-parse';
import { inspectSubtitleFile } from '../../../../shared/subtitles/subtitle-in';

/** More than this and the list says how many more there are. */
export const MAX_LISTED_SRT_PROBLEMS = 20;

/**
 * Every problem of a subtitle file (SRT, WebVTT or ASS, by content), each with its line, checked by the parser the server uses
 * before a byte of the video is sent; an empty list when the file is fine.
 */
export function srtProblemsOf(bytes: Uint8Array): string[] {
  let text: string;
  try {
    text = decodeSrtBytes(bytes);
  } catch (error) {
    if (error instanceof SrtError) return [error.message];
    throw error;
  }
  const problems = inspectSubtitleFile(text).errors.map(describeIssue);
  if (problems.length <= MAX_LISTED_SRT_PROBLEMS) return problems;
  const more = problems.length - MAX_LISTED_SRT_PROBLEMS;
  return [
    ...problems.slice(0, MAX_LISTED_SRT_PROBLEMS),
    `…and ${more} more ${more === 1 ? 'problem' : 'problems'}.`,
  ];
}

export async function srtProblems(file: Blob): Promise<string[]> {
  return srtProblemsOf(new Uint8Array(await file.arrayBuffer()));
}
