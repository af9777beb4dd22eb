import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '../limits';

/** PRODUCT.md §5 texts, one home for client and server. */
export const AUTH_MESSAGES = {
  emailInvalid: 'Email is invalid',
  signupPassword:
    'Password must be at least 8 characters long, contain at least one uppercase letter, one lowercase letter, and one special character.',
  passwordsDontMatch: "Passwords don't match",
  terms: 'Terms and conditions are mandatory',
  companyName: 'Please provide us your company name',
  notAllValid: 'Not all fields are valid',
  loginMandatory: 'email and password are mandatory',
  loginInvalid: 'Invalid email or password',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  tooManyLoginsFor: (minutes: number) =>
    `Too many login attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  nothingChanged: 'Nothing changed...',
  usernameSame: 'Username is the same',
  profilePasswordsDontMatch: 'Passwords do not match',
  profilePasswordShort: 'Password must be at least 8 characters',
  usernameShort: 'Username must be at least 4 characters',
  profilePasswordWeak:
    'Password must contain at least one number, one uppercase letter and one lowercase letter',
  updateFailed: 'Failed to update user',
  updated: 'User updated successfully',
} as const;

export function isStrongSignupPassword(password: string): boolean {
  return (
    password.length >= MIN_PASSWORD_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export function isStrongProfilePassword(password: string): boolean {
  return /\d/.test(password) && /[A-Z]/.test(password) && /[a-z]/.test(password);
}

const email = z.string().trim().toLowerCase().pipe(z.email(AUTH_MESSAGES.emailInvalid));
const signupPassword = z
  .string()
  .max(MAX_PASSWORD_LENGTH)
  .refine(isStrongSignupPassword, AUTH_MESSAGES.signupPassword);
const username = z.string().trim().min(MIN_USERNAME_LENGTH, AUTH_MESSAGES.usernameShort).max(100);
const name = z.string().trim().min(1, 'Name is required').max(100);

/** The signup form; the inline error slots of PRODUCT.md §5 are the issue paths. */
export const signupInput = z
  .object({
    username: name,
    email,
    password: signupPassword,
    passwordRetype: z.string(),
    terms: z.boolean(),
    existingCompany: z.boolean(),
    suggestion: z.string().trim().max(200).optional(),
    companyName: z.string().trim().max(200).optional(),
    companyAddress: z.string().trim().max(1000).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.password !== form.passwordRetype) {
      ctx.addIssue({ code: 'custom', path: ['passwordmatch'], message: AUTH_MESSAGES.passwordsDontMatch });
    }
    if (!form.terms) ctx.addIssue({ code: 'custom', path: ['terms'], message: AUTH_MESSAGES.terms });
    if (form.existingCompany && !form.suggestion) {
      ctx.addIssue({ code: 'custom', path: ['suggestion'], message: AUTH_MESSAGES.companyName });
    }
    if (!form.existingCompany && (!form.companyName || !form.companyAddress)) {
      ctx.addIssue({ code: 'custom', path: ['companyname'], message: AUTH_MESSAGES.companyName });
    }
  });
export type SignupInput = z.infer<typeof signupInput>;

/** The legacy register call: the user alone, same rules as the signup form. */
export const registerInput = z.object({
  username: name,
  email,
  password: signupPassword,
  suggestion: z.string().trim().max(200).nullish(),
});

const loginField = z.string({ error: AUTH_MESSAGES.loginMandatory });
export const loginInput = z.object({
  email: loginField.trim().min(1, AUTH_MESSAGES.loginMandatory).max(320, 'Email is too long'),
  password: loginField.min(1, AUTH_MESSAGES.loginMandatory).max(MAX_PASSWORD_LENGTH, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginInput>;

/** Only changed fields are sent (PRODUCT.md §5, Profile save). */
export const profileUpdate = z
  .object({
    username: username.optional(),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.profilePasswordShort)
      .max(MAX_PASSWORD_LENGTH)
      .refine(isStrongProfilePassword, AUTH_MESSAGES.profilePasswordWeak)
      .optional(),
  })
  .refine(
    (update) => update.username !== undefined || update.password !== undefined,
    AUTH_MESSAGES.nothingChanged,
  );
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** The client's profile form check, in the order of PRODUCT.md §5; null when the form may be sent. */
export function profileFormError(
  form: { username: string; password: string; passwordRetype: string },
  currentUsername: string,
): string | null {
  const usernameChanged = form.username.trim() !== '' && form.username.trim() !== currentUsername;
  if (form.username.trim() === '' && form.password === '') return AUTH_MESSAGES.nothingChanged;
  if (!usernameChanged && form.password === '') return AUTH_MESSAGES.usernameSame;
  if (form.password !== form.passwordRetype) return AUTH_MESSAGES.profilePasswordsDontMatch;
  if (form.password !== '' && form.password.length < MIN_PASSWORD_LENGTH)
    return AUTH_MESSAGES.profilePasswordShort;
  if (usernameChanged && form.username.trim().length < MIN_USERNAME_LENGTH)
    return AUTH_MESSAGES.usernameShort;
  if (form.password !== '' && !isStrongProfilePassword(form.password))
    return AUTH_MESSAGES.profilePasswordWeak;
  return null;
}

/** Forgot password and e-mail verification: the texts of their screens and answers. */
export const ACCOUNT_MAIL_MESSAGES = {
  resetRequested:
    'If an account uses this address, we have sent it a link to choose a new password. The link works for 1 hour.',
  resetLinkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  passwordChanged: 'Your password has been changed. Log in with your new password.',
  mailNotConfigured: 'E-mail is not configured on this server. Ask an administrator to reset your password.',
  verificationSent: 'We have sent you a link to confirm your e-mail address.',
  verificationLinkInvalid: 'This confirmation link has expired or has already been used.',
  emailVerified: 'Your e-mail address is confirmed.',
  verifyBeforePurchase:
    'Please confirm your e-mail address before buying credits. We can send you the link again from your profile.',
} as const;

/** What a screen says, instead of "we sent", when the mail to this address could not be sent. */
export function mailNotSentMessage(email: string): string {
  return `We could not send the e-mail to ${email}; check the address or contact support.`;
}

export const passwordResetRequest = z.object({ email: z.string().trim().toLowerCase().max(320) });

const accountLinkToken = z.string().trim().min(1, 'The link is incomplete').max(200, 'The link is invalid');

export const passwordResetInput = z
  .object({ token: accountLinkToken, password: signupPassword, passwordRetype: z.string() })
  .refine((form) => form.password === form.passwordRetype, {
    path: ['passwordRetype'],
    message: AUTH_MESSAGES.passwordsDontMatch,
  });
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

export const accountLinkInput = z.object({ token: accountLinkToken });

/** Strapi's reset-password body: `code` is the e-mailed token. */
export const legacyPasswordResetInput = z
  .object({
    code: accountLinkToken,
    password: signupPassword,
    passwordConfirmation: z.string().max(MAX_PASSWORD_LENGTH),
  })
  .refine((form) => form.password === form.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: AUTH_MESSAGES.passwordsDontMatch,
  });
