import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '../../../shared/limits';
import { pageInput } from '../../../shared/schemas/accounts';
import { adminProcedure, router } from '../../trpc/trpc';
import { listAudit } from './service';

export const auditRouter = router({
  list: adminProcedure
    .input(pageInput.extend({ pageSize: z.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE) }))
    .query(({ ctx, input }) => listAudit(ctx.db, input.page, input.pageSize)),
});
