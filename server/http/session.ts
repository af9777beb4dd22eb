import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from './session-user';

export const SESSION_COOKIE = 'session';
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export function cookieOptions(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), httpOnly: true, expires: expiresAt });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(request), httpOnly: true });
}
