import type { FastifyInstance } from 'fastify';
import { MAX_TRPC_BATCH_CALLS } from '../../shared/limits';

export const TRPC_ROUTE = '/trpc/:path';

/** Why a longer batch is refused, in the words of the other refusals. */
export function batchTooLongMessage(calls: number) {
  return `A request may carry at most ${MAX_TRPC_BATCH_CALLS} calls; this one carried ${calls}. Send them in smaller batches.`;
}

/**
 * A tRPC batch of more than MAX_TRPC_BATCH_CALLS calls is refused with 400 before any call runs (the
 * client's batch link never sends one). tRPC's own `maxBatchSize` holds the same cap behind this, with
 * a terser message.
 */
export function trpcBatchCap(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== TRPC_ROUTE) return;
    const { path } = request.params as { path?: string };
    const calls = (path ?? '').split(',').length;
    if (calls <= MAX_TRPC_BATCH_CALLS) return;
    return reply.code(400).send({
      error: {
        message: batchTooLongMessage(calls),
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      },
    });
  });
}
