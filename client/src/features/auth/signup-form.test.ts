import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../../shared/schemas/auth';
import { EMPTY_SIGNUP_FORM, type SignupForm, signupErrorsFromServer, validateSignup } from './signup-form';

const valid: SignupForm = {
  ...EMPTY_SIGNUP_FORM,
  username: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Secret-pass1',
  passwordRetype: 'Secret-pass1',
  companyName: 'Analytical Engines',
  companyAddress: '1 Engine Street\nLondon',
  terms: true,
};

describe('validateSignup', () => {
  it('accepts a complete new-company signup and drops the unused suggestion', () => {
    const result = validateSignup({ ...valid, suggestion: 'ignored' });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.input.suggestion).toBeUndefined();
  });

  it("puts each PRODUCT.md §5 message in its slot and says 'Not all fields are valid'", () => {
    const result = validateSignup({
      ...EMPTY_SIGNUP_FORM,
      username: 'Ada',
      email: 'not-an-email',
      password: 'short',
      passwordRetype: 'other',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      email: AUTH_MESSAGES.emailInvalid,
      password: AUTH_MESSAGES.signupPassword,
      passwordmatch: AUTH_MESSAGES.passwordsDontMatch,
      terms: AUTH_MESSAGES.terms,
      companyname: AUTH_MESSAGES.companyName,
      general: AUTH_MESSAGES.notAllValid,
    });
  });

  it('asks for the suggestion, not the new company, when joining an existing company', () => {
    const result = validateSignup({ ...valid, existingCompany: true, suggestion: '  ' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.suggestion).toBe(AUTH_MESSAGES.companyName);
    expect(result.errors.companyname).toBeUndefined();
  });
});

describe('signupErrorsFromServer', () => {
  it('maps the server field errors to the same slots', () => {
    expect(
      signupErrorsFromServer({ email: [AUTH_MESSAGES.emailInvalid], terms: [AUTH_MESSAGES.terms] }, 'x'),
    ).toEqual({
      email: AUTH_MESSAGES.emailInvalid,
      terms: AUTH_MESSAGES.terms,
      general: AUTH_MESSAGES.notAllValid,
    });
  });

  it('shows a message without fields in the general slot', () => {
    expect(signupErrorsFromServer({}, 'Email is already taken')).toEqual({
      general: 'Email is already taken',
    });
  });
});
