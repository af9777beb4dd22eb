import {
  acceptInvitationInput,
  invitationIdInput,
  invitationTokenInput,
  inviteInput,
  memberInput,
  setAdminInput,
} from '../../../shared/schemas/team';
import { setSessionCookie } from '../../http/session';
import { authedProcedure, publicProcedure, router, sessionProcedure } from '../../trpc/trpc';
import { requesterOf } from '../budgets/service';
import { getMe } from '../users/service';
import {
  acceptInvitation,
  invitationDetails,
  inviteColleague,
  removeMember,
  revokeInvitation,
  setMemberAdmin,
  teamOverview,
} from './service';

/** The Team screen: a company's admins invite colleagues and manage its members. */
/** Membership and roles change from a login session only, never with an API token. */
export const teamRouter = router({
  overview: authedProcedure.query(({ ctx }) => teamOverview(ctx.db, ctx.user)),
  invite: sessionProcedure
    .input(inviteInput)
    .mutation(({ ctx, input }) => inviteColleague(ctx, ctx.user, input.email)),
  revokeInvitation: sessionProcedure
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.db, ctx.user, input.invitationId)),
  removeMember: sessionProcedure
    .input(memberInput)
    .mutation(({ ctx, input }) => removeMember(ctx.db, ctx.user, input.userId)),
  setAdmin: sessionProcedure
    .input(setAdminInput)
    .mutation(({ ctx, input }) => setMemberAdmin(ctx.db, ctx.user, input.userId, input.admin)),

  /** The invitation link's screen, before signing up. */
  invitation: publicProcedure
    .input(invitationTokenInput)
    .query(({ ctx, input }) => invitationDetails(ctx.db, input.token)),
  /** Signs the colleague up into the company and logs them in. */
  acceptInvitation: publicProcedure.input(acceptInvitationInput).mutation(async ({ ctx, input }) => {
    const session = await acceptInvitation(ctx, input, requesterOf(ctx.req));
    setSessionCookie(ctx.req, ctx.res, session.token, session.expiresAt);
    return getMe(ctx.db, session.userId);
  }),
});
