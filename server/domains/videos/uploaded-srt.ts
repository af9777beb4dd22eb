import { readFile } from 'node:fs/promises';
import { serverMessage, UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { decodeSrtBytes } from '../../../shared/subtitles/srt-bytes';
import { parseSrt, SrtError } from '../../../shared/subtitles/srt-parse';
import { parseSubtitleFile } from '../../../shared/subtitles/subtitle-in';
import { InvalidInput } from '../../errors';
import type { ReceivedFile } from './upload-receiver';

const MAX_SRT_BYTES = 10 * 1024 * 1024;

/** Refuses an upload in the words of PRODUCT.md §5, naming the form field. */
export function refuse(text: string, field: string): never {
  throw new InvalidInput(serverMessage(text), field);
}

/**
 * What a path takes: the legacy paths an SRT named .srt (PRODUCT.md §5); the product's own paths SRT,
 * WebVTT or ASS, told apart by content whatever the name (issue 22).
 */
export type SubtitlesIn = 'srt' | 'srt-webvtt-ass';

/** The user's subtitles, checked: the name (legacy), UTF-8, not empty, parseable (the error names the line). */
export async function readUploadedSrt(
  file: ReceivedFile | undefined,
  messages: { missing: string; type: string },
  accepted: SubtitlesIn = 'srt',
) {
  if (!file) refuse(messages.missing, 'fileSub');
  if (accepted === 'srt' && !file.filename.toLowerCase().endsWith('.srt')) refuse(messages.type, 'fileSub');
  if (file.bytes === 0) refuse(UPLOAD_MESSAGES.srtEmpty, 'fileSub');
  if (file.bytes > MAX_SRT_BYTES)
    throw new InvalidInput('The subtitle file is larger than 10 MB.', 'fileSub');
  try {
    const text = decodeSrtBytes(await readFile(file.path));
    const cues = accepted === 'srt' ? parseSrt(text) : parseSubtitleFile(text).cues;
    if (cues.length === 0) refuse(UPLOAD_MESSAGES.srtEmpty, 'fileSub');
    return { cues, name: file.filename };
  } catch (error) {
    if (error instanceof SrtError) throw new InvalidInput(error.message, 'fileSub');
    throw error;
  }
}
