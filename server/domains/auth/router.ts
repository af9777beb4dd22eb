import {
  accountLinkInput,
  loginInput,
  passwordResetInput,
  passwordResetRequest,
  profileUpdate,
  signupInput,
} from '../../../shared/schemas/auth';
import { clearSessionCookie, setSessionCookie } from '../../http/session';
import { authedProcedure, publicProcedure, router, sessionProcedure } from '../../trpc/trpc';
import { invalidateSession } from '../accounts/sessions';
import { requesterOf } from '../budgets/service';
import { myCompany } from '../companies/service';
import { getMe, updateProfile } from '../users/service';
import {
  resendVerificationEmail,
  sendVerificationEmail,
  verificationMailFailedTo,
  verifyEmail,
} from './email-verification';
import { requestPasswordReset, resetLinkUsable, resetPasswordWithToken } from './password-reset';
import { login, signup } from './service';

export const authRouter = router({
  /** One call, one transaction: user, company (or suggestion), then a session cookie. */
  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const session = await signup(ctx, input, requesterOf(ctx.req));
    await sendVerificationEmail(ctx, session.userId);
    setSessionCookie(ctx.req, ctx.res, session.token, session.expiresAt);
    return getMe(ctx.db, session.userId);
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const session = await login(ctx.db, input, ctx.ip);
    setSessionCookie(ctx.req, ctx.res, session.token, session.expiresAt);
    return getMe(ctx.db, session.userId);
  }),

  logout: authedProcedure.mutation(async ({ ctx }) => {
    await invalidateSession(ctx.db, ctx.session);
    clearSessionCookie(ctx.req, ctx.res);
    return { ok: true };
  }),

  me: authedProcedure.query(async ({ ctx }) => {
    const [me, company] = await Promise.all([getMe(ctx.db, ctx.user.id), myCompany(ctx.db, ctx.user)]);
    const failedTo = await verificationMailFailedTo(ctx, ctx.user.id, me.emailVerified);
    return { ...me, company, verificationMailFailedTo: failedTo };
  }),

  /** Username and password: from a login session only (an API token must not take the account over). */
  updateProfile: sessionProcedure
    .input(profileUpdate)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.session, input)),

  /** The link of the confirmation e-mail; works without a session (it may open on another device). */
  verifyEmail: publicProcedure
    .input(accountLinkInput)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input.token)),

  /** Sends the confirmation e-mail again (from the profile). */
  resendVerification: authedProcedure.mutation(({ ctx }) => resendVerificationEmail(ctx, ctx.user.id)),

  /** Whether this server sends e-mail; the forgot-password screen says so when it does not. */
  mailStatus: publicProcedure.query(({ ctx }) => ({ configured: ctx.mail.configured })),

  /** The same answer whether or not the address has an account. */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequest)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email, requesterOf(ctx.req))),

  passwordResetLinkValid: publicProcedure.input(accountLinkInput).query(async ({ ctx, input }) => ({
    valid: await resetLinkUsable(ctx.db, input.token),
  })),

  resetPassword: publicProcedure.input(passwordResetInput).mutation(async ({ ctx, input }) => ({
    message: (await resetPasswordWithToken(ctx, input, requesterOf(ctx.req))).message,
  })),
});
