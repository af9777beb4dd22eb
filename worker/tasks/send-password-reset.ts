import { mailPasswordResetLink } from '../../server/domains/auth/password-reset';
import type { Handler } from '../task';

export const sendPasswordResetTask: Handler<'sendPasswordReset'> = async ({ email }, { services }) => {
  await mailPasswordResetLink(services, email);
};
