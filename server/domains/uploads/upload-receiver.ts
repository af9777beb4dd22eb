import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { displayName } from '../../../shared/file-names';
import { MAX_VIDEO_BYTES } from '../../../shared/limits';
import { serverMessage, UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { PayloadTooLarge } from '../../errors';
import { reclaimReadBuffers } from '../../http/reclaim-read-buffers';
import { UPLOAD_BUFFER_BYTES } from '../../http/upload-buffer';

export interface ReceivedFile {
  path: string;
  /** The name the user's file had, for display only; never used as a storage key. */
  filename: string;
  bytes: number;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
  /**
   * What an earlier reading of `fileSub` repaired or left out (the resumable path checks the file
   * first and keeps it rewritten, so reading it again finds nothing to note).
   */
  subtitleNotes?: readonly string[];
  /** Removes every temporary file not adopted into storage. */
  discard(): Promise<void>;
}

/** Two files at the size limit and the form fields: a request declaring more is refused unread. */
const MAX_UPLOAD_REQUEST_BYTES = 2 * MAX_VIDEO_BYTES + 4 * 1024 * 1024;

/** A check of one file part, run as soon as it is received: a throw refuses the upload there. */
export type PartCheck = (file: ReceivedFile) => Promise<unknown>;

/**
 * Streams a multipart upload's files straight to temporary files (never into memory). Multipart
 * limits stop a file at 1.5 GB; the request then ends with 413 and the message of PRODUCT.md §5. `checks` run
 * on their part as it arrives, so a bad subtitle file sent before the video refuses the upload before the
 * video is stored.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tmpDir: string,
  checks: Record<string, PartCheck> = {},
): Promise<ReceivedUpload> {
  if (Number(request.headers['content-length']) > MAX_UPLOAD_REQUEST_BYTES) {
    throw new PayloadTooLarge(serverMessage(UPLOAD_MESSAGES.tooBig));
  }
  await mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  const discard = async () => {
    await Promise.all(Object.values(files).map((file) => rm(file.path, { force: true })));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const file = { path: path.join(tmpDir, randomUUID()), filename: displayName(part.filename), bytes: 0 };
      files[part.fieldname] = file;
      await pipeline(
        part.file,
        reclaimReadBuffers(),
        createWriteStream(file.path, { highWaterMark: UPLOAD_BUFFER_BYTES }),
      );
      if (part.file.truncated) throw new PayloadTooLarge(serverMessage(UPLOAD_MESSAGES.tooBig));
      file.bytes = (await stat(file.path)).size;
      await checks[part.fieldname]?.(file);
    }
  } catch (error) {
    await discard();
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLarge(serverMessage(UPLOAD_MESSAGES.tooBig));
    }
    throw error;
  }
  return { fields, files, discard };
}
