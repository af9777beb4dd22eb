import { readFile } from 'node:fs/promises';
import { serverMessage, UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { decodeSrtBytes } from '../../../shared/subtitles/srt-bytes';
import { parseSrt, SrtError } from '../../../shared/subtitles/srt-parse';
import { InvalidInput } from '../../errors';
import type { ReceivedFile } from './upload-receiver';

const MAX_SRT_BYTES = 10 * 1024 * 1024;

/** Refuses an upload in the words of PRODUCT.md §5, naming the form field. */
export function refuse(text: string, field: string): never {
  throw new InvalidInput(serverMessage(text), field);
}

/** The user's SRT, checked: .srt name, UTF-8, not empty, parseable (the error names the line). */
export async function readUploadedSrt(
  file: ReceivedFile | undefined,
  messages: { missing: string; type: string },
) {
  if (!file) refuse(messages.missing, 'fileSub');
  if (!file.filename.toLowerCase().endsWith('.srt')) refuse(messages.type, 'fileSub');
  if (file.bytes === 0) refuse(UPLOAD_MESSAGES.srtEmpty, 'fileSub');
  if (file.bytes > MAX_SRT_BYTES)
    throw new InvalidInput('The subtitle file is larger than 10 MB.', 'fileSub');
  try {
    const cues = parseSrt(decodeSrtBytes(await readFile(file.path)));
    if (cues.length === 0) refuse(UPLOAD_MESSAGES.srtEmpty, 'fileSub');
    return { cues, name: file.filename };
  } catch (error) {
    if (error instanceof SrtError) throw new InvalidInput(error.message, 'fileSub');
    throw error;
  }
}
