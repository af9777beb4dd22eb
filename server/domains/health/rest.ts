import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { isHealthy } from './service';

export function healthRoutes(app: FastifyInstance, services: Services) {
  app.get('/health', async (_request, reply) => {
    const ok = await isHealthy(services);
    return reply.code(ok ? 200 : 503).send({ ok });
  });
}
