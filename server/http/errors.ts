import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { DomainError, TooManyRequests } from '../errors';
import { strapiError } from '../rest/strapi';

/** Maps every error to Strapi's error shape; details stay in the log, never in the answer. */
export function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ZodError) {
      const errors = error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
      const first = error.issues[0];
      const message = first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'Invalid input';
      return reply.code(400).send(strapiError(400, 'ValidationError', message, { errors }));
    }
    if (error instanceof DomainError) {
      if (error instanceof TooManyRequests && error.retryAfterSeconds)
        reply.header('retry-after', String(error.retryAfterSeconds));
      const details = 'missingCents' in error ? { missingCents: error.missingCents } : {};
      return reply.code(error.status).send(strapiError(error.status, error.name, error.message, details));
    }
    const status = 'statusCode' in error && error.statusCode ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(strapiError(500, 'InternalServerError', 'Internal Server Error'));
    }
    return reply.code(status).send(strapiError(status, error.name, error.message));
  });
}

const API_PREFIXES = ['/api/', '/trpc/'];

/** Unknown API paths answer a 404 in Strapi's shape; other GETs without a file extension load the client. */
export function notFoundHandling(app: FastifyInstance, { clientRoutes }: { clientRoutes: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    if (clientRoutes && request.method === 'GET' && !isApi && !path.extname(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(strapiError(404, 'NotFoundError', `Not found: ${request.method} ${pathname}`));
  });
}
