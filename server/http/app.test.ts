import { describe, expect, it } from 'vitest';
import { MAX_TRPC_BATCH_CALLS } from '../../shared/limits';
import { MAX_CUE_TEXT, MAX_DRAFT_CUES } from '../../shared/schemas/editor';
import { testApp } from '../../test/support/http';
import { batchTooLongMessage } from './trpc-batch-cap';

const { app, db } = await testApp();

describe('the HTTP skeleton', () => {
  it('answers health once the database and worker are up', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('lists the seeded content pages in Strapi v4 shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/contents/' });
    const body = response.json();
    expect(response.statusCode).toBe(200);
    expect(body.data.map((entry: { attributes: { page: string } }) => entry.attributes.page)).toEqual([
      'home',
      'faq',
      'privacy',
      'about',
      'disclaimer',
      'terms',
      'help',
      'contact',
    ]);
    expect(body.meta.pagination.total).toBe(8);
  });

  it('filters contents by page with Strapi bracket syntax', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/contents?filters[page]=faq' });
    expect(response.json().data).toHaveLength(1);
    expect(response.json().data[0].attributes.title).toBe('Frequently asked questions');
  });

  it('serves one content entry as data.attributes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/contents/2' });
    expect(response.json().data).toMatchObject({ id: 2, attributes: { page: 'faq' } });
  });

  it('refuses content changes from anonymous callers with a Strapi error', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/contents/1',
      payload: { data: { title: 'x', html: '<p>x</p>' } },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ status: 401, name: 'Unauthenticated' });
  });

  it('answers unknown API paths with a JSON 404, not the client app', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.status).toBe(404);
  });

  it('turns invalid input into a 400 naming the field', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/contents/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^id:/);
  });

  it('serves tRPC queries at /trpc', async () => {
    const input = encodeURIComponent(JSON.stringify({ page: 'help' }));
    const response = await app.inject({ method: 'GET', url: `/trpc/content.page?input=${input}` });
    expect(response.json().result.data).toMatchObject({ page: 'help', title: 'Help' });
  });

  it('takes a whole editor draft at its limits over tRPC, and keeps the 1 MiB limit elsewhere', async () => {
    const cues = Array.from({ length: MAX_DRAFT_CUES }, (_, index) => ({
      startMs: index * 1000,
      endMs: index * 1000 + 900,
      text: '字'.repeat(MAX_CUE_TEXT),
    }));
    const payload = JSON.stringify({ id: 1, cues, revision: 0 });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(7_000_000);
    const draft = await app.inject({
      method: 'POST',
      url: '/trpc/editor.saveDraft',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    // Read whole, then refused for want of a session (not 413 for its size).
    expect(draft.statusCode).toBe(401);
    const legacy = await app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: JSON.stringify({ identifier: 'x'.repeat(2_000_000), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(legacy.statusCode).toBe(413);
  });

  it('gives the browser a readable anti-forgery cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csrf = response.cookies.find((cookie) => cookie.name === 'csrf');
    expect(csrf?.value).toMatch(/^[\w-]{20,}$/);
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it('sets no anti-forgery cookie for a Bearer caller, who is never checked against one', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'csrf')).toBeUndefined();
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, frame denial, nosniff and a referrer policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends them on refusals too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('rate limits', () => {
  it('answers 429 after the hourly signup budget of one IP is spent', async () => {
    const { call } = await testApp({ RATE_LIMIT_SIGNUPS_PER_HOUR: '3' });
    const register = (index: number, ip: string) =>
      call('POST', '/api/auth/local/register', {
        body: { username: `rate${index}`, email: `rate${index}@example.com`, password: 'Secret-pass1!' },
        ip,
      });
    for (let index = 0; index < 3; index++) expect((await register(index, '10.77.0.1')).status).toBe(200);
    const refused = await register(3, '10.77.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many requests/);
    expect((await register(4, '10.77.0.2')).status).toBe(200);
  });
});

describe('tRPC batches', () => {
  const batch = (procedure: string, calls: number, input: unknown) =>
    app.inject({
      method: 'POST',
      url: `/trpc/${Array.from({ length: calls }, () => procedure).join(',')}?batch=1`,
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.78.0.1',
      payload: JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, n) => [n, input]))),
    });

  it(`runs a batch of ${MAX_TRPC_BATCH_CALLS} calls`, async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/${Array.from({ length: MAX_TRPC_BATCH_CALLS }, () => 'auth.mailStatus').join(',')}?batch=1`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(MAX_TRPC_BATCH_CALLS);
  });

  it('refuses a longer batch with a 400 saying so, before any call runs', async () => {
    const login = { email: 'nobody-batched@example.com', password: 'Wrong-pass1!' };
    const response = await batch('auth.login', 199, login);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(batchTooLongMessage(199));
    const failures = await db
      .selectFrom('login_failures')
      .select('id')
      .where('key', '=', `email:${login.email}`)
      .execute();
    expect(failures).toEqual([]);
    const queries = await app.inject({
      method: 'GET',
      url: `/trpc/${Array.from({ length: MAX_TRPC_BATCH_CALLS + 1 }, () => 'auth.mailStatus').join(',')}?batch=1`,
    });
    expect(queries.statusCode).toBe(400);
  });
});

describe('client addresses behind a proxy', () => {
  const register = (
    call: Awaited<ReturnType<typeof testApp>>['call'],
    tag: string,
    ip: string,
    forwardedFor: string,
  ) =>
    call('POST', '/api/auth/local/register', {
      body: { username: `proxied${tag}`, email: `proxied${tag}@example.com`, password: 'Secret-pass1!' },
      ip,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it("believes no X-Forwarded-For by default: the connection's address is counted", async () => {
    const { call } = await testApp({ RATE_LIMIT_SIGNUPS_PER_HOUR: '1' });
    expect((await register(call, 'a1', '10.79.0.1', '203.0.113.7')).status).toBe(200);
    expect((await register(call, 'a2', '10.79.0.1', '203.0.113.8')).status).toBe(429);
  });

  it('believes one hop of X-Forwarded-For with TRUST_PROXY=1: the address the proxy saw', async () => {
    const { call } = await testApp({ RATE_LIMIT_SIGNUPS_PER_HOUR: '1', TRUST_PROXY: '1' });
    // The client's own claim (the first entry) is not believed; the one the proxy added is.
    expect((await register(call, 'c1', '10.79.1.1', '198.51.100.1, 203.0.113.7')).status).toBe(200);
    expect((await register(call, 'c2', '10.79.1.1', '198.51.100.2, 203.0.113.7')).status).toBe(429);
    expect((await register(call, 'c3', '10.79.1.1', '198.51.100.2, 203.0.113.8')).status).toBe(200);
  });

  it('believes the proxies TRUST_PROXY names, and only them', async () => {
    const { call } = await testApp({ RATE_LIMIT_SIGNUPS_PER_HOUR: '1', TRUST_PROXY: '10.79.0.0/24' });
    expect((await register(call, 'b1', '10.79.0.2', '203.0.113.7')).status).toBe(200);
    // Another client behind the same proxy has a budget of its own.
    expect((await register(call, 'b2', '10.79.0.2', '203.0.113.8')).status).toBe(200);
    expect((await register(call, 'b3', '10.79.0.2', '203.0.113.7')).status).toBe(429);
    // A client outside the trusted range cannot claim another address.
    expect((await register(call, 'b4', '10.80.0.1', '203.0.113.9')).status).toBe(200);
    expect((await register(call, 'b5', '10.80.0.1', '203.0.113.10')).status).toBe(429);
  });
});
