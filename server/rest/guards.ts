import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthenticated } from '../errors';
import { requireInteractiveSession, type SessionUser } from '../http/session-user';

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw new Unauthenticated();
  return request.session.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'Admin') throw new Forbidden('Admins only');
  return user;
}

/** A user signed in with a login session, not an API token (requireInteractiveSession says why). */
export function requireSignedIn(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (request.session) requireInteractiveSession(request.session);
  return user;
}

/** An admin signed in with a login session, for another user's password, company or account. */
export function requireSignedInAdmin(request: FastifyRequest): SessionUser {
  const user = requireAdmin(request);
  if (request.session) requireInteractiveSession(request.session);
  return user;
}
