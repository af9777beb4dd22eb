import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import {
  buyReburnInput,
  editorVideoInput,
  reburnQuoteInput,
  saveAndBurnInInput,
  saveDraftInput,
  versionInput,
} from '../../../shared/schemas/editor';
import { authedProcedure, router } from '../../trpc/trpc';
import { editorPreview } from './preview';
import { buyReburn, reburnQuote } from './reburn';
import * as editor from './service';

const ofVideo = z.object({ id });

/** The subtitle editor, for the users of the video's company; another company's video is not found. */
export const editorRouter = router({
  /** In one of the video's languages: its own subtitles without `language`, else an added one (issue 40). */
  open: authedProcedure
    .input(editorVideoInput)
    .query(({ ctx, input }) => editor.openEditor(ctx, ctx.user, input.id, input.language)),
  /** A copy the browser can play, for a source it cannot: its link, or `making` (queued). */
  preview: authedProcedure
    .input(ofVideo)
    .mutation(({ ctx, input }) => editorPreview(ctx, ctx.user, input.id)),
  /** The audio's waveform, computed once and kept beside the video (server/media/peaks.ts). */
  peaks: authedProcedure.input(ofVideo).query(({ ctx, input }) => editor.videoPeaks(ctx, ctx.user, input.id)),
  version: authedProcedure
    .input(versionInput)
    .query(({ ctx, input }) => editor.subtitleVersion(ctx, ctx.user, input)),
  /** Free and unlimited; refused when another tab saved since `revision`. */
  saveDraft: authedProcedure
    .input(saveDraftInput)
    .mutation(({ ctx, input }) => editor.saveDraft(ctx, ctx.user, input)),
  discardDraft: authedProcedure
    .input(editorVideoInput)
    .mutation(({ ctx, input }) => editor.discardDraft(ctx, ctx.user, input)),
  /**
   * The draft becomes a new version and the video is burned again: a revision (PRODUCT.md §1). An
   * added language's draft becomes that language's new version only: free, nothing burned (issue 40).
   */
  saveAndBurnIn: authedProcedure
    .input(saveAndBurnInInput)
    .mutation(({ ctx, input }) => editor.saveAndBurnIn(ctx, ctx.user, input)),
  /** Past the 2 free revisions: what re-burning the draft costs (the segments that changed) and the balance. */
  reburnQuote: authedProcedure
    .input(reburnQuoteInput)
    .query(({ ctx, input }) => reburnQuote(ctx, ctx.user, input)),
  /** Buys that re-burn at the price the user confirmed: charged once, refunded if the burn-in fails. */
  buyReburn: authedProcedure
    .input(buyReburnInput)
    .mutation(({ ctx, input }) => buyReburn(ctx, ctx.user, input)),
});
