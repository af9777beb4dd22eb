import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import { glossaryScope, glossaryTermInput } from '../../../shared/schemas/glossary';
import { authedProcedure, router } from '../../trpc/trpc';
import * as glossary from './service';

/** A company's glossary: its users keep their own, admins any company's. */
export const glossaryRouter = router({
  list: authedProcedure
    .input(glossaryScope)
    .query(({ ctx, input }) => glossary.listGlossary(ctx.db, ctx.user, input.companyId)),
  save: authedProcedure
    .input(z.intersection(glossaryTermInput, glossaryScope.extend({ id: id.optional() })))
    .mutation(({ ctx, input }) => glossary.saveTerm(ctx.db, ctx.user, input)),
  remove: authedProcedure
    .input(glossaryScope.extend({ id }))
    .mutation(({ ctx, input }) => glossary.removeTerm(ctx.db, ctx.user, input)),
  exportCsv: authedProcedure
    .input(glossaryScope)
    .query(({ ctx, input }) => glossary.exportGlossary(ctx.db, ctx.user, input.companyId)),
  importCsv: authedProcedure
    .input(glossaryScope.extend({ csv: z.string().max(500_000), replace: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => glossary.importGlossary(ctx.db, ctx.user, input)),
});
