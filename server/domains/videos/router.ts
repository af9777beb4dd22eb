import { z } from 'zod';
import { INPUT_LANGUAGE_CODES } from '../../../shared/languages';
import { VIDEOS_PAGE_SIZE } from '../../../shared/limits';
import { id } from '../../../shared/schemas/accounts';
import { subtitleExportInput } from '../../../shared/schemas/exports';
import { softSubtitlesInput } from '../../../shared/schemas/soft-subtitles';
import { hardcodedDownloadInput } from '../../../shared/schemas/video-languages';
import { SORT_ORDERS } from '../../../shared/schemas/videos';
import { publicSpeechState, reachableOutputs } from '../../engines';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import { cancelVideo } from './cancellation';
import { deleteOwnVideo } from './deletion';
import { hardcodedDownloadUrl } from './downloads';
import { exportSubtitles } from './exports';
import { listFailedVideos, retryFailedVideo } from './failed-videos';
import { countVideos, getVideo, latestSubtitles, listVideosWithLanguages } from './read-service';
import { refundVideo } from './refunds';
import { softSubtitlesDownloadUrl } from './soft-subtitles';
import { subtitlesZip } from './subtitles-zip';

export const videosRouter = router({
  /** For each input language, the output languages the configured engines reach (the form marks the rest). */
  capabilities: publicProcedure.query(({ ctx }) =>
    Object.fromEntries(INPUT_LANGUAGE_CODES.map((input) => [input, reachableOutputs(ctx.engines, input)])),
  ),
  /** Whether generate mode takes videos now; the upload form says why not. */
  speech: publicProcedure.query(({ ctx }) => publicSpeechState(ctx.engines.speech.current())),
  list: authedProcedure
    .input(
      z.object({
        page: z.number().int().min(1).default(1),
        pageSize: z.number().int().min(1).max(100).default(VIDEOS_PAGE_SIZE),
        sort: z.enum(SORT_ORDERS).default('desc'),
        search: z.string().max(200).optional(),
      }),
    )
    .query(({ ctx, input }) => listVideosWithLanguages(ctx.db, ctx.user, input)),
  get: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => getVideo(ctx.db, ctx.user, input.id)),
  count: authedProcedure.query(({ ctx }) => countVideos(ctx.db, ctx.user)),
  subtitles: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => latestSubtitles(ctx.db, ctx.user, input.id)),
  /** The latest subtitles as a file of one format (shared/schemas/exports.ts), for the client to save. */
  export: authedProcedure
    .input(subtitleExportInput)
    .query(({ ctx, input }) => exportSubtitles(ctx, ctx.user, input.id, input.format, input.language)),
  downloadUrl: authedProcedure.input(hardcodedDownloadInput).query(async ({ ctx, input }) => ({
    url: await hardcodedDownloadUrl(ctx, ctx.user, input.id, input.videoName, input.language),
  })),
  /**
   * The video with its subtitles as language-tagged tracks (MKV or MP4), made on first asking (a
   * stream copy: seconds) and answered as a short-lived signed link.
   */
  softSubtitles: authedProcedure.input(softSubtitlesInput).mutation(async ({ ctx, input }) => ({
    url: await softSubtitlesDownloadUrl(ctx, ctx.user, input.id, input.format),
  })),
  /** Each language's SRT and WebVTT in one ZIP, for the client to save. */
  subtitlesZip: authedProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    const zip = await subtitlesZip(ctx, ctx.user, input.id);
    return { fileName: zip.fileName, base64: Buffer.from(zip.bytes).toString('base64') };
  }),
  /** A user deletes a video of their company: files removed at once, the row kept as a tombstone. */
  delete: authedProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => deleteOwnVideo(ctx, ctx.user, input.id)),
  /** A user stops a video of their company still being processed: its jobs stop, it fails, refunded once. */
  cancel: authedProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => cancelVideo(ctx, ctx.user, input.id)),
  /** PRODUCT.md §4: a refund within 2 days, granted by an admin once. */
  refund: adminProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => refundVideo(ctx.db, ctx.user, input.id)),
  /** For admins: the videos whose chain failed, with the technical cause the customer never sees. */
  failed: adminProcedure.query(({ ctx }) => listFailedVideos(ctx.db)),
  /** An admin runs a failed video's chain again from the step that failed, charging nothing. */
  retry: adminProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => retryFailedVideo(ctx.db, ctx.user, input.id)),
});
