import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import { authedProcedure, router } from '../../trpc/trpc';
import { shotChangesForEditor } from './service';

/** A video's shot changes for the editor, for the users of its company; another's is not found. */
export const shotChangesRouter = router({
  /** `ready` with the times in ms, or `detecting` (queued): ask again a little later. */
  ofVideo: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => shotChangesForEditor(ctx, ctx.user, input.id)),
});
