import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../domains/auth/sessions';
import { Forbidden, Unauthenticated } from '../errors';

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw new Unauthenticated();
  return request.session.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'Admin') throw new Forbidden('Admins only');
  return user;
}
