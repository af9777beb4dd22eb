import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  legacyPasswordResetInput,
  loginInput,
  passwordResetRequest,
  registerInput,
} from '../../../shared/schemas/auth';
import type { Services } from '../../services';
import { createSession } from '../accounts/sessions';
import { requesterOf } from '../budgets/service';
import { legacyUser } from '../users/legacy-shape';
import { getMe } from '../users/service';
import { sendVerificationEmail } from './email-verification';
import { requestPasswordReset, resetPasswordWithToken } from './password-reset';
import { login, register } from './service';

export function authRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  /** Strapi login: `jwt` is our opaque session token, sent back as `Authorization: Bearer`. */
  app.post('/auth/local', async (request) => {
    // The legacy field names, so a refusal names the field the client sent.
    const body = z
      .object({ identifier: loginInput.shape.email, password: loginInput.shape.password })
      .parse(request.body ?? {});
    const session = await login(
      db,
      loginInput.parse({ email: body.identifier, password: body.password }),
      request.ip,
    );
    return { jwt: session.token, user: legacyUser(await getMe(db, session.userId)) };
  });

  /** Legacy signup step 1: the user alone; `company` 0 means none. */
  app.post('/auth/local/register', async (request) => {
    const input = registerInput.parse(request.body ?? {});
    const userId = await register(services, input, requesterOf(request));
    await sendVerificationEmail(services, userId);
    return { user: legacyUser(await getMe(db, userId)) };
  });

  /** Strapi's forgot password: the same answer whether or not the address has an account. */
  app.post('/auth/forgot-password', async (request) => {
    const { email } = passwordResetRequest.parse(request.body ?? {});
    await requestPasswordReset(services, email, requesterOf(request));
    return { ok: true };
  });

  /** Strapi's reset: `code` is the e-mailed token; every session ends, and a new one is answered. */
  app.post('/auth/reset-password', async (request) => {
    const body = legacyPasswordResetInput.parse(request.body ?? {});
    const { userId } = await resetPasswordWithToken(
      services,
      { token: body.code, password: body.password, passwordRetype: body.passwordConfirmation },
      requesterOf(request),
    );
    const session = await createSession(db, userId);
    return { jwt: session.token, user: legacyUser(await getMe(db, userId)) };
  });
}
