import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loginInput, registerInput } from '../../../shared/schemas/auth';
import type { Services } from '../../services';
import { legacyUser } from '../users/legacy-shape';
import { getMe } from '../users/service';
import { sendVerificationEmail } from './email-verification';
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
    const userId = await register(db, input);
    await sendVerificationEmail(services, userId);
    return { user: legacyUser(await getMe(db, userId)) };
  });
}
