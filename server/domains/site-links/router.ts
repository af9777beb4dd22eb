import { siteLinksUpdate } from '../../../shared/site-links';
import { adminProcedure, publicProcedure, router } from '../../trpc/trpc';
import * as links from './service';

export const siteLinksRouter = router({
  /** Public: the footer, menu and notices of every screen use them. */
  list: publicProcedure.query(({ ctx }) => links.siteLinks(ctx.db)),
  saved: adminProcedure.query(({ ctx }) => links.savedSiteLinks(ctx.db)),
  update: adminProcedure
    .input(siteLinksUpdate)
    .mutation(({ ctx, input }) => links.updateSiteLinks(ctx.db, ctx.user, input)),
});
