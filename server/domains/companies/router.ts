import { z } from 'zod';
import { COMPANIES_PAGE_SIZE } from '../../../shared/limits';
import {
  companyAdminUpdate,
  companyInput,
  creditAdjustment,
  id,
  pageInput,
} from '../../../shared/schemas/accounts';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';
import { ledgerOfCompany } from '../ledger/service';
import * as companies from './service';

export const companiesRouter = router({
  list: adminProcedure
    .input(pageInput.extend({ pageSize: z.number().int().min(1).max(100).default(COMPANIES_PAGE_SIZE) }))
    .query(({ ctx, input }) => companies.listCompanies(ctx.db, input.page, input.pageSize)),
  all: adminProcedure.query(({ ctx }) => companies.allCompanies(ctx.db)),
  get: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => companies.getCompany(ctx.db, ctx.user, input.id)),
  my: authedProcedure.query(({ ctx }) => companies.myCompany(ctx.db, ctx.user)),
  create: adminProcedure
    .input(companyInput.extend({ credits: z.number().min(0).max(1_000_000).default(0) }))
    .mutation(({ ctx, input }) => companies.createCompanyAsAdmin(ctx.db, ctx.user, input)),
  update: authedProcedure
    .input(companyAdminUpdate.partial({ credits: true }).extend({ id }))
    .mutation(({ ctx, input }) => companies.updateCompany(ctx.db, ctx.user, input.id, input)),
  /** Admin adds or removes euros with a reason the company reads in its ledger. */
  adjustCredits: adminProcedure
    .input(creditAdjustment.extend({ id }))
    .mutation(({ ctx, input }) => companies.adjustCredits(ctx.db, ctx.user, input.id, input)),
  delete: adminProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => companies.deleteCompany(ctx.db, ctx.user, input.id)),
  /** Where the euros went: the company's ledger, newest first. */
  ledger: authedProcedure.input(z.object({ id: id.optional() })).query(async ({ ctx, input }) => {
    const companyId = input.id ?? ctx.user.companyId;
    if (!companyId) return [];
    await companies.getCompany(ctx.db, ctx.user, companyId);
    return ledgerOfCompany(ctx.db, companyId);
  }),
});
