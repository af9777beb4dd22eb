import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const CLIENT_DIST = path.resolve(import.meta.dirname, '../../dist/client');

/** Serves the built React client; answers whether there was one to serve. */
export async function clientApp(app: FastifyInstance, root = CLIENT_DIST): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`no built client in ${root}: run npm run build`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    // Files are looked up per request (a rebuilt client is served without a restart); misses fall
    // through to the not-found handler, which serves index.html for client routes.
    wildcard: true,
    index: ['index.html'],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
