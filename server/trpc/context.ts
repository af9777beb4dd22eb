import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../http/session-user';
import type { EventHub } from '../realtime/event-hub';
import type { Services } from '../services';

export interface AppContext extends Services {
  session: Session | null;
  ip: string;
  events: EventHub;
  req: FastifyRequest;
  res: FastifyReply;
}

export function contextFactory(services: Services, events: EventHub) {
  return ({ req, res }: CreateFastifyContextOptions): AppContext => ({
    ...services,
    session: req.session ?? null,
    ip: req.ip,
    events,
    req,
    res,
  });
}
