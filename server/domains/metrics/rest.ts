import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services';
import { processMetrics, scrape } from './service';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/**
 * GET /metrics in Prometheus's text format, only when METRICS_TOKEN is set and only for a scraper
 * sending it as a Bearer token: without one 401, with another 403. Off, it answers 404 as an
 * unknown path does, and nothing is measured.
 */
export function metricsRoutes(app: FastifyInstance, services: Services) {
  const token = services.config.METRICS_TOKEN;
  const registry = token ? processMetrics(app) : null;
  app.get('/metrics', async (request, reply) => {
    if (!token || !registry) return reply.code(404).send({ error: 'Not Found' });
    const given = bearer(request);
    if (!given)
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'The metrics token is required' });
    if (!sameSecret(given, token)) return reply.code(403).send({ error: 'Wrong metrics token' });
    const text = await scrape(registry, services.db);
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
