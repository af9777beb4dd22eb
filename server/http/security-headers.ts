import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Security headers for every answer. The client is built without inline scripts, so scripts come
 * only from our origin; styles allow inline attributes because Mantine sets element styles; content
 * pages may show images, videos and embeds (the review widget) over https.
 */
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly (the editor's libass) compiles under 'wasm-unsafe-eval'; no script is evaluated.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ['https:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  // Only over TLS: on plain http (the embedded default) it would pin nothing.
  strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
};

type Header = [name: string, value: number | string | string[]];

/** The headers helmet sets, read once from the plugin answering a throwaway app. */
async function helmetHeaders(): Promise<Header[]> {
  const probe = Fastify();
  let headers: Header[] = [];
  await probe.register(fastifyHelmet, HELMET_OPTIONS);
  probe.get('/', (_request, reply) => {
    // Fastify adds its own headers only when sending, so these are all helmet's.
    headers = Object.entries(reply.raw.getHeaders()).filter(
      (entry): entry is Header => entry[1] !== undefined,
    );
    return reply.send();
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('helmet set no headers');
  return headers;
}

/**
 * @fastify/helmet rebuilds helmet's middleware on every request although the headers never change,
 * so they are worked out once and set as helmet would set them.
 */
export async function securityHeaders(app: FastifyInstance) {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
