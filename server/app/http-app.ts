import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import qs from 'qs';
import { MAX_TRPC_BATCH_CALLS, MAX_VIDEO_BYTES } from '../../shared/limits';
import type { Config } from '../config';
import { metricsRoutes } from '../domains/metrics/rest';
import { clientApp } from '../http/client-app';
import { errorHandling, notFoundHandling } from '../http/errors';
import { securityHeaders } from '../http/security-headers';
import { trpcBatchCap } from '../http/trpc-batch-cap';
import { UPLOAD_BUFFER_BYTES } from '../http/upload-buffer';
import type { EventHub } from '../realtime/event-hub';
import type { Services } from '../services';
import { contextFactory } from '../trpc/context';
import { retryAfterMeta } from '../trpc/retry-after';
import { restApi } from './rest-api';
import { sessionHooks } from './session-hooks';
import { type AppRouter, appRouter } from './trpc-router';

/**
 * The largest tRPC request body: a whole editor draft at its limits (5,000 cues of 500 characters,
 * 3 bytes each in UTF-8 for CJK) with room for JSON; Fastify's 1 MiB default stays for everything else.
 */
export const TRPC_BODY_LIMIT = 8 * 1024 * 1024;

/** TRUST_PROXY as Fastify takes it: a hop count is the function Fastify builds for one (its types omit numbers). */
function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export interface AppOptions {
  events: EventHub;
  /** Told of every route as it is registered (the isolation suite enumerates them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Serve the built client (off in API tests). */
  serveClient?: boolean;
}

export async function buildApp(services: Services, { serveClient = true, events, onRoute }: AppOptions) {
  const app = Fastify({
    // Typed as Fastify's base logger so plugins share one FastifyInstance type.
    loggerInstance: services.logger.child({ component: 'http' }) as FastifyBaseLogger,
    // Per-request lines would drown the log; errors are logged where they are handled.
    // Every line logged while a request runs carries its id; the answer's x-request-id header tells it.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // Client addresses from X-Forwarded-For only from the proxies TRUST_PROXY names (none by default):
    // otherwise anyone could claim any address and escape the per-address limits.
    trustProxy: trustProxyOption(services.config.TRUST_PROXY),
    genReqId: () => randomBytes(6).toString('hex'),
    // Strapi-style queries such as filters[company]=0 need nested parsing.
    routerOptions: {
      maxParamLength: 5000,
      ignoreTrailingSlash: true,
      querystringParser: (query) => qs.parse(query, { depth: 3 }),
    },
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/trpc')) route.bodyLimit = TRPC_BODY_LIMIT;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  errorHandling(app);
  await securityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    // Files stream to disk; a file past 1.5 GB is cut off and answered with 413.
    limits: { fileSize: MAX_VIDEO_BYTES, files: 2, fields: 20, fieldSize: 100_000 },
    fileHwm: UPLOAD_BUFFER_BYTES,
  });
  sessionHooks(app, services.db);
  // On the root, before every other route, so its timing hook sees them all.
  metricsRoutes(app, services);
  trpcBatchCap(app);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH_CALLS,
      createContext: contextFactory(services, events),
      responseMeta: retryAfterMeta,
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error, path }, 'tRPC call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await app.register((api) => restApi(api, services), { prefix: '/api' });
  notFoundHandling(app, { clientRoutes: serveClient && (await clientApp(app)) });
  return app;
}
