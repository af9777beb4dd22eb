import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's API and hosted checkout page: it answers `POST /v1/checkout/sessions`
 * in Stripe's documented shape, and its pay page sends the signed `checkout.session.completed`
 * webhook to the app before redirecting to the session's success URL.
 */
export interface FakeStripe {
  url: string;
  sessions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

interface SessionParams {
  mode?: string;
  client_reference_id?: string;
  success_url?: string;
  cancel_url?: string;
  metadata?: Record<string, string>;
  line_items?: { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[];
}

const signer = new Stripe('sk_test_fake_signer');

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function checkoutSession(id: string, params: SessionParams, baseUrl: string) {
  const items = params.line_items ?? [];
  const amount = items.reduce(
    (sum, item) => sum + Number(item.quantity ?? 1) * Number(item.price_data?.unit_amount ?? 0),
    0,
  );
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created: Math.floor(Date.now() / 1000),
    currency: items[0]?.price_data?.currency ?? 'eur',
    livemode: false,
    metadata: params.metadata ?? {},
    mode: params.mode ?? 'payment',
    payment_status: 'unpaid',
    status: 'open',
    success_url: params.success_url ?? null,
    url: `${baseUrl}/pay/${id}`,
  };
}

async function sendCompletedWebhook(session: Record<string, unknown>, webhookUrl: string, secret: string) {
  const event = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    data: { object: { ...session, payment_status: 'paid', status: 'complete' } },
  };
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
}

export async function startFakeStripe(options: {
  webhookUrl: string;
  webhookSecret: string;
  port?: number;
}): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, unknown>>();
  let baseUrl = '';
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (!request.headers.authorization?.startsWith('Bearer sk_')) {
          return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        }
        const params = qs.parse(await readBody(request)) as SessionParams;
        const session = checkoutSession(`cs_test_${randomBytes(12).toString('hex')}`, params, baseUrl);
        sessions.set(session.id, session);
        return send(200, session);
      }
      const pay = url.pathname.match(/^\/pay\/(cs_test_\w+)$/);
      const session = pay?.[1] ? sessions.get(pay[1]) : undefined;
      if (pay && session && request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end(
          `<!doctype html><title>Fake checkout</title><h1>Pay €${Number(session.amount_total) / 100}</h1>` +
            `<form method="post"><button type="submit">Pay now</button></form>` +
            `<a href="${String(session.cancel_url)}">Cancel</a>`,
        );
      }
      if (pay && session && request.method === 'POST') {
        await sendCompletedWebhook(session, options.webhookUrl, options.webhookSecret);
        response.writeHead(303, { location: String(session.success_url) });
        return response.end();
      }
      if (url.pathname === '/health') return send(200, { ok: true });
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
        },
      });
    } catch (error) {
      send(500, { error: { type: 'api_error', message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    sessions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
