import { z } from 'zod';
import { UPLOAD_STYLE_FIELD } from './subtitle-styles';

/** Where the tus endpoint answers (the tus 1.0 protocol: POST creates, HEAD asks the offset, PATCH sends). */
export const RESUMABLE_UPLOAD_PATH = '/api/videos/uploads/tus';
/** Where a hardcode upload's SRT goes, and is checked, before the video's bytes travel over tus. */
export const RESUMABLE_SRT_PATH = '/api/videos/uploads/srt';

export const RESUMABLE_TEXTS = {
  found: (percent: number) =>
    `An earlier upload of this file stopped at ${percent}%. Resume it to send only the rest.`,
  resume: 'Resume upload',
  unknownUpload: 'This upload was not found. It may have expired: please start it again.',
  badMetadata: 'The upload is missing its details. Please reload the page and try again.',
  srtExpired: 'The subtitle file of this upload was not found. Please choose it again and upload.',
} as const;

const text = (max: number) => z.string().max(max).default('');

/**
 * What a tus upload carries in Upload-Metadata (tus-js-client's `metadata`), the same fields as the
 * forms' multipart paths: the choices are checked again when the last byte arrives.
 */
export const resumableMetadata = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('generate'),
    filename: z.string().min(1).max(255),
    title: text(200),
    description: text(2000),
    rso: z.string().max(50).default(''),
    in_lan: z.string().max(20).default(''),
    out_lan: z.string().max(20).default(''),
    [UPLOAD_STYLE_FIELD]: text(50),
  }),
  z.object({
    mode: z.literal('hardcode'),
    filename: z.string().min(1).max(255),
    title: text(200),
    description: text(2000),
    [UPLOAD_STYLE_FIELD]: text(50),
    /** The id `POST RESUMABLE_SRT_PATH` answered for the SRT sent before the video. */
    srt: z.uuid(),
  }),
]);
export type ResumableMetadata = z.infer<typeof resumableMetadata>;

/** What `POST RESUMABLE_SRT_PATH` answers. */
export const pendingSrtAnswer = z.object({
  data: z.object({ id: z.uuid(), notes: z.array(z.string()).optional() }),
});
