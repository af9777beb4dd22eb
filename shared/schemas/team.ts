import { z } from 'zod';
import { AUTH_MESSAGES, isStrongSignupPassword } from './auth';

export const TEAM_MESSAGES = {
  onlyCompanyAdmins: 'Only an admin of your company can manage the team',
  emailHasAccount: 'This address already has an account. Ask an administrator to move it to your company.',
  alreadyInvited: 'This address already has an open invitation. Withdraw it first to send a new one.',
  invitationInvalid: 'This invitation has expired or was withdrawn. Ask your colleague for a new one.',
  notYourself: 'You cannot do this to yourself',
  invitationSent: 'Invitation sent',
} as const;

const id = z.number().int().positive();
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(AUTH_MESSAGES.emailInvalid))
  .pipe(z.string().max(320));

export const inviteInput = z.object({ email });
export const invitationIdInput = z.object({ invitationId: id });
export const memberInput = z.object({ userId: id });
export const setAdminInput = z.object({ userId: id, admin: z.boolean() });

export const invitationTokenInput = z.object({ token: z.string().trim().min(1).max(200) });

/** Joining by an invitation: the address is the invitation's, so only a name and a password. */
export const acceptInvitationInput = z
  .object({
    token: z.string().trim().min(1).max(200),
    username: z.string().trim().min(1, 'Name is required').max(100),
    password: z.string().max(200).refine(isStrongSignupPassword, AUTH_MESSAGES.signupPassword),
    passwordRetype: z.string(),
    terms: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (form.password !== form.passwordRetype)
      ctx.addIssue({ code: 'custom', path: ['passwordRetype'], message: AUTH_MESSAGES.passwordsDontMatch });
    if (!form.terms) ctx.addIssue({ code: 'custom', path: ['terms'], message: AUTH_MESSAGES.terms });
  });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;
