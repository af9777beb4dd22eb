import { readFile } from 'node:fs/promises';
import { MAX_SUBTITLE_FILE_BYTES } from '../../../shared/limits';
import { serverMessage, UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { decodeSubtitleBytes } from '../../../shared/subtitles/subtitle-encoding';
import { readSubtitleTextYielding } from '../../../shared/subtitles/subtitle-in';
import { SrtError } from '../../../shared/subtitles/subtitle-issue';
import { SUBTITLE_FILE_LIMITS } from '../../../shared/subtitles/text-lines';
import { InvalidInput } from '../../errors';
import type { ReceivedFile } from './upload-receiver';

/** Refuses an upload in the words of PRODUCT.md §5, naming the form field. */
export function refuse(text: string, field: string): never {
  throw new InvalidInput(serverMessage(text), field);
}

/**
 * What a path takes: the legacy paths an SRT named .srt (PRODUCT.md §5); the product's own paths SRT,
 * WebVTT or ASS, told apart by content whatever the name (issue 22).
 */
export type SubtitlesIn = 'srt' | 'srt-webvtt-ass';

/**
 * The user's subtitles, checked: the name (legacy), the size before a byte is parsed, the encoding
 * (UTF-8, or UTF-16 and the legacy ones subtitle-encoding.ts recognises, converted), then
 * read leniently within the limits of security hole 5 (shared/limits.ts), in stretches that leave the
 * event loop free between them. A cue that cannot be read is left out and noted (issue 36); the file
 * is refused, naming the line, only when a limit is passed or nothing usable is left.
 */
export async function readUploadedSrt(
  file: ReceivedFile | undefined,
  messages: { missing: string; type: string },
  accepted: SubtitlesIn = 'srt',
) {
  if (!file) refuse(messages.missing, 'fileSub');
  if (accepted === 'srt' && !file.filename.toLowerCase().endsWith('.srt')) refuse(messages.type, 'fileSub');
  if (file.bytes === 0) refuse(UPLOAD_MESSAGES.srtEmpty, 'fileSub');
  if (file.bytes > MAX_SUBTITLE_FILE_BYTES)
    throw new InvalidInput('The subtitle file is larger than 10 MB.', 'fileSub');
  try {
    const decoded = decodeSubtitleBytes(await readFile(file.path));
    const reading = await readSubtitleTextYielding(decoded.text, {
      format: accepted === 'srt' ? 'srt' : undefined,
      limits: SUBTITLE_FILE_LIMITS,
    });
    return { cues: reading.cues, notes: [...decoded.notes, ...reading.notes], name: file.filename };
  } catch (error) {
    if (error instanceof SrtError) throw new InvalidInput(error.message, 'fileSub');
    throw error;
  }
}
