import { AUTH_MESSAGES, type SignupInput, signupInput } from '../../../../shared/schemas/auth';
import type { FieldErrors } from './server-errors';

/**
 * The inline error slots of PRODUCT.md §5, plus one under the name field (the shared schema requires a name).
 */
export type SignupSlot =
  | 'name'
  | 'email'
  | 'password'
  | 'passwordmatch'
  | 'suggestion'
  | 'companyname'
  | 'terms'
  | 'general';
export type SignupErrors = Partial<Record<SignupSlot, string>>;

export interface SignupForm {
  username: string;
  email: string;
  password: string;
  passwordRetype: string;
  existingCompany: boolean;
  suggestion: string;
  companyName: string;
  companyAddress: string;
  terms: boolean;
}

export const EMPTY_SIGNUP_FORM: SignupForm = {
  username: '',
  email: '',
  password: '',
  passwordRetype: '',
  existingCompany: false,
  suggestion: '',
  companyName: '',
  companyAddress: '',
  terms: false,
};

/** The shared schema's issue paths, and the slot each one is shown in. */
const SLOT_FOR_PATH: Record<string, SignupSlot> = {
  username: 'name',
  email: 'email',
  password: 'password',
  passwordRetype: 'passwordmatch',
  passwordmatch: 'passwordmatch',
  suggestion: 'suggestion',
  companyName: 'companyname',
  companyAddress: 'companyname',
  companyname: 'companyname',
  terms: 'terms',
};

function slotFor(path: string): SignupSlot {
  return SLOT_FOR_PATH[path] ?? 'general';
}

/** Only the fields the chosen company mode uses are sent. */
export function signupPayload(form: SignupForm) {
  return form.existingCompany
    ? { ...form, companyName: undefined, companyAddress: undefined }
    : { ...form, suggestion: undefined };
}

/** Client check with the server's own schema; any problem also fills the general slot (PRODUCT.md §5). */
export function validateSignup(
  form: SignupForm,
): { ok: true; input: SignupInput } | { ok: false; errors: SignupErrors } {
  const result = signupInput.safeParse(signupPayload(form));
  if (result.success) return { ok: true, input: result.data };
  const errors: SignupErrors = {};
  for (const issue of result.error.issues) {
    const slot = slotFor(String(issue.path[0] ?? ''));
    errors[slot] ??= issue.message;
  }
  errors.general ??= AUTH_MESSAGES.notAllValid;
  return { ok: false, errors };
}

/** The server's refusal shown in the same slots as the client's own check. */
export function signupErrorsFromServer(fields: FieldErrors, message: string): SignupErrors {
  const errors: SignupErrors = {};
  for (const [path, messages] of Object.entries(fields)) {
    const first = messages?.[0];
    if (first) errors[slotFor(path)] ??= first;
  }
  errors.general ??= Object.keys(errors).length > 0 ? AUTH_MESSAGES.notAllValid : message;
  return errors;
}
