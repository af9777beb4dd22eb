import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { TooManyRequests } from '../errors';

interface Limit {
  name: string;
  matches(request: FastifyRequest, path: string): boolean;
  perHour(config: Config): number;
}

/** Costly or abusable calls get an hourly budget per user (or per IP before login). Login has its own limit. */
const LIMITS: Limit[] = [
  {
    name: 'signup',
    matches: (request, path) =>
      request.method === 'POST' && (path === '/api/auth/local/register' || path === '/trpc/auth.signup'),
    perHour: (config) => config.RATE_LIMIT_SIGNUPS_PER_HOUR,
  },
  {
    name: 'upload',
    matches: (request, path) =>
      request.method === 'POST' && /^\/api\/(upload-log(\/hc)?|upload-srt)$/.test(path),
    perHour: (config) => config.RATE_LIMIT_UPLOADS_PER_HOUR,
  },
  {
    name: 'password-reset',
    matches: (request, path) => request.method === 'POST' && path === '/trpc/users.resetPassword',
    perHour: (config) => config.RATE_LIMIT_SIGNUPS_PER_HOUR,
  },
  {
    // Mails a stranger's inbox and tries reset links: the same hourly budget as signups, per address.
    name: 'account-mail',
    matches: (request, path) =>
      request.method === 'POST' &&
      (/^\/api\/auth\/(forgot|reset)-password$/.test(path) ||
        /^\/trpc\/(auth\.(requestPasswordReset|resetPassword|resendVerification)|team\.(invite|acceptInvitation))$/.test(
          path,
        )),
    perHour: (config) => config.RATE_LIMIT_SIGNUPS_PER_HOUR,
  },
];

function limitOf(request: FastifyRequest): Limit | undefined {
  const path = request.url.split('?')[0] ?? '';
  return LIMITS.find((limit) => limit.matches(request, path));
}

export async function rateLimits(app: FastifyInstance, config: Config) {
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: '1 hour',
    allowList: (request) => !limitOf(request),
    max: (request) => limitOf(request)?.perHour(config) ?? 0,
    keyGenerator: (request) => `${limitOf(request)?.name}:${request.session?.user.id ?? request.ip}`,
    // Thrown by the plugin, so the error handler shapes it like every other refusal.
    errorResponseBuilder: (_request, context) =>
      new TooManyRequests(`Too many requests. Please try again in ${context.after}.`),
  });
}
