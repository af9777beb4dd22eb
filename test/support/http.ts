import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../../server/app/http-app';
import type { DatabaseHandle } from '../../server/db/database';
import { seed } from '../../server/db/seed';
import { type EventHub, startEventHub } from '../../server/realtime/event-hub';
import type { Services } from '../../server/services';
import { freshDatabase, openFreshDatabase } from './database';
import { multipartBody, type Part } from './multipart';
import { openTestServices, testServices } from './services';

export const ADMIN = { email: 'admin@example.com', password: 'Admin-pass1!' };

/**
 * A real app over a fresh, seeded database, called through Fastify's inject. `liveRecheckMs` shortens
 * how often live streams check their access, for a test of that safety net.
 */
export async function testApp(
  env: NodeJS.ProcessEnv = {},
  { liveRecheckMs }: { liveRecheckMs?: number } = {},
) {
  const database = await freshDatabase();
  await seed(database.db, { email: ADMIN.email, password: ADMIN.password });
  const services = await testServices(database, env);
  const events = await startEventHub(database.url, services.logger, { recheckMs: liveRecheckMs });
  afterAll(() => events.close());
  return appOver(database, services, events);
}

/**
 * The same app, closed by the caller with `close()` rather than when the file ends: for a test that
 * builds several apps in turn (the guard mutations build one per mutated source tree).
 */
export async function openTestApp(
  env: NodeJS.ProcessEnv = {},
  { liveRecheckMs }: { liveRecheckMs?: number } = {},
) {
  const { handle: database, drop } = await openFreshDatabase();
  await seed(database.db, { email: ADMIN.email, password: ADMIN.password });
  const { services, removeData } = await openTestServices(database, env);
  const events = await startEventHub(database.url, services.logger, { recheckMs: liveRecheckMs });
  const opened = await appOver(database, services, events);
  const close = async () => {
    await opened.app.close();
    await events.close();
    await drop();
    await removeData();
  };
  return { ...opened, close };
}

async function appOver(database: DatabaseHandle, services: Services, events: EventHub) {
  const routes: { method: string; url: string }[] = [];
  const onRoute = (route: { method: string | string[]; url: string }) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  const app = await buildApp(services, { serveClient: false, events, onRoute });
  return {
    app,
    routes,
    db: database.db,
    pool: database.pool,
    databaseUrl: database.url,
    services,
    call: caller(app),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(app: FastifyInstance) {
  return async function call(
    method: Method,
    url: string,
    options: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
  ) {
    const request: InjectOptions = {
      method,
      url,
      remoteAddress: options.ip ?? '10.0.0.1',
      headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    };
    if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
    const response = await app.inject(request);
    return { status: response.statusCode, body: response.body ? response.json() : undefined, response };
  };
}

let counter = 0;

/** Signs a user up through the REST paths the legacy client uses, with their own new company. */
export async function signedUpUser(call: ReturnType<typeof caller>, name = 'user', withCompany = true) {
  counter += 1;
  const email = `${name}${counter}@example.com`;
  const password = 'Secret-pass1!';
  const ip = `10.1.${counter}.1`;
  const registered = await call('POST', '/api/auth/local/register', {
    body: {
      username: `${name}${counter}`,
      email,
      password,
      company: 0,
      suggestion: withCompany ? '' : 'Some Co',
    },
    ip,
  });
  const login = await call('POST', '/api/auth/local', { body: { identifier: email, password }, ip });
  const token: string = login.body.jwt;
  let companyId: number | null = null;
  if (withCompany) {
    const created = await call('POST', '/api/companies', {
      token,
      body: {
        data: {
          name: `${name} company`,
          address: 'Street 1\nTown',
          credits: 0,
          admin: [registered.body.user.id],
        },
      },
    });
    companyId = created.body.data.id;
    await call('PUT', '/api/users/me', { token, body: { company: companyId } });
  }
  return { id: registered.body.user.id as number, email, password, token, companyId };
}

export async function adminToken(call: ReturnType<typeof caller>) {
  const login = await call('POST', '/api/auth/local', {
    body: { identifier: ADMIN.email, password: ADMIN.password },
    ip: '10.9.9.9',
  });
  return login.body.jwt as string;
}

/** A signed-up user whose company the admin gave `euros` of credit. */
export async function payingUser(call: ReturnType<typeof caller>, name: string, euros = 5) {
  const user = await signedUpUser(call, name);
  await call('PUT', `/api/companies/${user.companyId}`, {
    token: await adminToken(call),
    body: { data: { credits: euros } },
  });
  return user;
}

/** Posts a multipart form as the holder of `token`; answers the status and the JSON body. */
export async function postMultipart(app: FastifyInstance, url: string, token: string, parts: Part[]) {
  const { body, contentType } = multipartBody(parts);
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

/**
 * Uploads through one of the multipart paths of PRODUCT.md §7 as `token`, expects it accepted, answers the
 * video id.
 */
export async function uploadVideo(app: FastifyInstance, url: string, token: string, parts: Part[]) {
  const { status, body } = await postMultipart(app, url, token, parts);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.id as number;
}

/**
 * Calls tRPC procedures over HTTP as the holder of `token` (or anonymously), through the same
 * authentication, input checks and error mapping a browser meets. Answers the status and the data or error.
 */
export function testCaller(app: FastifyInstance, token?: string) {
  const send = async (method: 'GET' | 'POST', procedure: string, input: unknown) => {
    const query =
      method === 'GET' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
    const response = await app.inject({
      method,
      url: `/trpc/${procedure}${query}`,
      ...(method === 'POST' ? { payload: JSON.stringify(input ?? {}) } : {}),
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const body = response.json();
    return { status: response.statusCode, data: body.result?.data, error: body.error };
  };
  return {
    query: (procedure: string, input?: unknown) => send('GET', procedure, input),
    mutation: (procedure: string, input?: unknown) => send('POST', procedure, input),
  };
}
