// The subtitle modules themselves, not the shared/subtitles index, which would pull budoux into the page.
import { MAX_SUBTITLE_FILE_BYTES } from '../../../../shared/limits';
import { decodeSubtitleBytes } from '../../../../shared/subtitles/subtitle-encoding';
import { readSubtitleTextYielding } from '../../../../shared/subtitles/subtitle-in';
import { SrtError } from '../../../../shared/subtitles/subtitle-issue';
import { SUBTITLE_FILE_LIMITS } from '../../../../shared/subtitles/text-lines';

/** More than this and the list says how many more there are. */
export const MAX_LISTED_SRT_PROBLEMS = 20;

/**
 * A subtitle file (SRT, WebVTT or ASS, by content) read in the browser by the reader and within the
 * limits the server uses, before a byte of the video is sent: `problems`, why the server would refuse
 * it (empty when it takes it); `notes`, what reading it repaired or left out, by line (issue 36).
 */
export interface SubtitleCheck {
  problems: string[];
  notes: string[];
}

function listed(lines: string[], noun: string): string[] {
  if (lines.length <= MAX_LISTED_SRT_PROBLEMS) return lines;
  const more = lines.length - MAX_LISTED_SRT_PROBLEMS;
  return [...lines.slice(0, MAX_LISTED_SRT_PROBLEMS), `…and ${more} more ${more === 1 ? noun : `${noun}s`}.`];
}

export async function checkSubtitleBytes(bytes: Uint8Array): Promise<SubtitleCheck> {
  if (bytes.length > MAX_SUBTITLE_FILE_BYTES)
    return { problems: ['The subtitle file is larger than 10 MB.'], notes: [] };
  try {
    const decoded = decodeSubtitleBytes(bytes);
    const reading = await readSubtitleTextYielding(decoded.text, { limits: SUBTITLE_FILE_LIMITS });
    return { problems: [], notes: listed([...decoded.notes, ...reading.notes], 'note') };
  } catch (error) {
    if (error instanceof SrtError) return { problems: [error.message], notes: [] };
    throw error;
  }
}

export async function checkSubtitleFile(file: Blob): Promise<SubtitleCheck> {
  return checkSubtitleBytes(new Uint8Array(await file.arrayBuffer()));
}
