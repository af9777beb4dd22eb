import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { validateSessionToken } from '../domains/accounts/sessions';
import { validateApiToken } from '../domains/api-tokens/service';
import { isApiToken } from '../domains/api-tokens/token';
import { CSRF_COOKIE, CSRF_HEADER, clearSessionCookie, cookieOptions, SESSION_COOKIE } from '../http/session';
import { strapiError } from '../rest/strapi';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Resolves the caller's session from the Bearer header (legacy clients; a personal API token, told
 * apart by its prefix) or the HttpOnly cookie (the React client). A cookie-carried mutation must echo the readable anti-forgery cookie in a header.
 */
export function sessionHooks(app: FastifyInstance, db: Db) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    const bearer = bearerToken(request);
    // The anti-forgery cookie guards cookie sessions only; a Bearer caller is never checked against it.
    if (!bearer && !request.cookies[CSRF_COOKIE]) {
      const token = randomBytes(24).toString('base64url');
      request.cookies[CSRF_COOKIE] = token;
      reply.setCookie(CSRF_COOKIE, token, { ...cookieOptions(request), httpOnly: false });
    }
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token) return;
    if (!bearer && !SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (!sameToken(typeof header === 'string' ? header : undefined, request.cookies[CSRF_COOKIE])) {
        return reply.code(403).send(strapiError(403, 'ForbiddenError', 'Invalid anti-forgery token'));
      }
    }
    request.session =
      bearer && isApiToken(bearer)
        ? await validateApiToken(db, bearer)
        : await validateSessionToken(db, token);
    if (!request.session && cookie && !bearer) clearSessionCookie(request, reply);
  });
}
