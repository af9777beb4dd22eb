import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's API and hosted checkout page: it answers `POST /v1/checkout/sessions`
 * and `GET /v1/checkout/sessions/:id` in Stripe's documented shape, and its pay page sends the browser
 * to the session's success URL, then delivers the signed webhooks as Stripe does: asynchronously,
 * and (as `webhooks` asks) late, twice, or out of order. Like Stripe, it takes only its secret key
 * (401 otherwise), refuses an unsupported currency
 * or a total under the currency's minimum or over Stripe's maximum (400, Stripe's error shape), and
 * delivers an event again, with the same id, while the endpoint does not answer 2xx.
 */
export interface FakeStripe {
  url: string;
  sessions: Map<string, Record<string, unknown>>;
  /** Where webhooks go; a test may point it at its app once that listens. */
  webhookUrl: string;
  /** How the next payments' webhooks are delivered; tests change it between payments. */
  webhooks: WebhookDelivery;
  /** Every webhook sent so far, in the order the app received them (retries included). */
  delivered: DeliveredWebhook[];
  /** Called after each delivery attempt, before any retry is scheduled. */
  onDelivered: ((delivery: DeliveredWebhook) => void) | null;
  /** Pays an open session as its pay page does; resolves once its webhooks are all delivered. */
  pay(sessionId: string): Promise<void>;
  /** Resolves when every webhook already scheduled has been delivered (failures are in `delivered`). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface WebhookDelivery {
  /** Milliseconds between the browser being sent back and the first webhook. */
  delayMs: number;
  /** Each event is delivered a second time, as Stripe does when unsure the first arrived. */
  twice: boolean;
  /**
   * Pays as a delayed payment method does: `checkout.session.completed` (still unpaid), then the newer
   * `checkout.session.async_payment_succeeded` (paid); the newer event is delivered first.
   */
  outOfOrder: boolean;
  /** Attempts after a delivery that did not answer 2xx (Stripe's go on for three days). */
  retries?: number;
  /** Pause before a retry (Stripe's grow from minutes to hours). */
  retryDelayMs?: number;
}

export interface DeliveredWebhook {
  eventId: string;
  type: string;
  created: number;
  sessionId: string;
  status: number;
  body: string;
}

const IMMEDIATE: WebhookDelivery = { delayMs: 0, twice: false, outOfOrder: false };

/** Currencies a Checkout Session is refused in here; and the smallest charge of those it takes. */
const MINIMUM_CHARGE: Record<string, number> = { eur: 50, usd: 50, gbp: 30, chf: 50, sek: 300 };
const MAXIMUM_AMOUNT = 99_999_999;

interface StripeError {
  status: number;
  error: { type: string; message: string; code?: string; param?: string };
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}): StripeError => ({
  status: 400,
  error: { type: 'invalid_request_error', message, ...extra },
});

/** What Stripe refuses of a Checkout Session's parameters, in its error shape; null when it takes them. */
function refusalOf(params: SessionParams): StripeError | null {
  if (params.mode !== 'payment')
    return invalid('Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
  const items = params.line_items ?? [];
  if (items.length === 0)
    return invalid('Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
  const currency = items[0]?.price_data?.currency ?? '';
  for (const [index, item] of items.entries()) {
    const param = `line_items[${index}][price_data]`;
    const itemCurrency = item.price_data?.currency ?? '';
    if (!(itemCurrency in MINIMUM_CHARGE))
      return invalid(
        `Invalid currency: ${itemCurrency}. Stripe currently supports these currencies: ${Object.keys(MINIMUM_CHARGE).join(', ')}`,
        {
          code: 'parameter_invalid_string',
          param: `${param}[currency]`,
        },
      );
    if (itemCurrency !== currency)
      return invalid('All line items must have the same currency.', { param: `${param}[currency]` });
    if (!/^\d+$/.test(item.price_data?.unit_amount ?? ''))
      return invalid('Invalid integer: unit_amount', {
        code: 'parameter_invalid_integer',
        param: `${param}[unit_amount]`,
      });
  }
  const total = items.reduce(
    (sum, item) => sum + Number(item.quantity ?? 1) * Number(item.price_data?.unit_amount ?? 0),
    0,
  );
  const minimum = MINIMUM_CHARGE[currency] ?? 50;
  if (total < minimum)
    return invalid(
      `The Checkout Session's total amount due must add up to at least ${(minimum / 100).toFixed(2)} ${currency}`,
      { code: 'amount_too_small', param: 'line_items[0][price_data][unit_amount]' },
    );
  if (total > MAXIMUM_AMOUNT)
    return invalid(
      `The Checkout Session's total amount due must be no more than ${MAXIMUM_AMOUNT} ${currency}`,
      {
        code: 'amount_too_large',
        param: 'line_items[0][price_data][unit_amount]',
      },
    );
  return null;
}

/** Stripe's answer to a missing or wrong secret key: only the key's last four characters shown. */
function keyRefusal(authorization: string | undefined): StripeError {
  const key = authorization?.replace(/^Bearer /, '') ?? '';
  return {
    status: 401,
    error: {
      type: 'invalid_request_error',
      message: key
        ? `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`
        : 'You did not provide an API key.',
    },
  };
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

interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: Record<string, unknown> };
}

function stripeEvent(type: string, created: number, session: Record<string, unknown>): StripeEvent {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created,
    type,
    data: { object: session },
  };
}

/** The events a payment produces, in the order they are delivered (see `WebhookDelivery`). */
function eventsOfPayment(session: Record<string, unknown>, delivery: WebhookDelivery): StripeEvent[] {
  const now = Math.floor(Date.now() / 1000);
  const paid = { ...session, payment_status: 'paid', status: 'complete' };
  const events = delivery.outOfOrder
    ? [
        stripeEvent('checkout.session.async_payment_succeeded', now, paid),
        stripeEvent('checkout.session.completed', now - 1, { ...paid, payment_status: 'unpaid' }),
      ]
    : [stripeEvent('checkout.session.completed', now, paid)];
  return delivery.twice ? [...events, ...events] : events;
}

/** Stripe's success URL template: `{CHECKOUT_SESSION_ID}` becomes the session's id. */
function returnUrl(session: Record<string, unknown>): string {
  return String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', String(session.id));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeStripe(options: {
  webhookUrl: string;
  webhookSecret: string;
  /** The secret key of the account; default the tests' `sk_test_local_fake`. */
  apiKey?: string;
  port?: number;
  webhooks?: Partial<WebhookDelivery>;
}): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, unknown>>();
  const apiKey = options.apiKey ?? 'sk_test_local_fake';
  const delivered: DeliveredWebhook[] = [];
  const pending = new Set<Promise<void>>();
  let baseUrl = '';

  const sendWebhook = async (event: StripeEvent) => {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const answer = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      (error: unknown) => ({ status: 0, body: String(error) }),
    );
    const sessionId = String(event.data.object.id);
    const delivery = { eventId: event.id, type: event.type, created: event.created, sessionId, ...answer };
    delivered.push(delivery);
    fake.onDelivered?.(delivery);
    return answer.status >= 200 && answer.status < 300;
  };

  /** Delivers an event until the endpoint answers 2xx or the retries are spent, as Stripe does. */
  const deliver = async (event: StripeEvent) => {
    const { retries = 3, retryDelayMs = 20 } = fake.webhooks;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(retryDelayMs);
      if (await sendWebhook(event)) return;
    }
    console.error(`fake Stripe: webhook ${event.type} (${event.id}) was never answered 2xx`);
  };

  /** Marks the session paid and schedules its webhooks, one after the other, after the delay. */
  const pay = (session: Record<string, unknown>): Promise<void> => {
    Object.assign(session, { payment_status: 'paid', status: 'complete' });
    const events = eventsOfPayment(session, fake.webhooks);
    const delayMs = fake.webhooks.delayMs;
    const delivery = (async () => {
      await sleep(delayMs);
      for (const event of events) await deliver(event);
    })();
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
    return delivery;
  };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      if (url.pathname.startsWith('/v1/') && request.headers.authorization !== `Bearer ${apiKey}`) {
        const refusal = keyRefusal(request.headers.authorization);
        return send(refusal.status, { error: refusal.error });
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const params = qs.parse(await readBody(request)) as SessionParams;
        const refusal = refusalOf(params);
        if (refusal) return send(refusal.status, { error: refusal.error });
        const session = checkoutSession(`cs_test_${randomBytes(12).toString('hex')}`, params, baseUrl);
        sessions.set(session.id, session);
        return send(200, session);
      }
      const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (request.method === 'GET' && retrieve?.[1]) {
        const found = sessions.get(decodeURIComponent(retrieve[1]));
        if (found) return send(200, found);
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${retrieve[1]}'`,
          },
        });
      }
      const payPage = url.pathname.match(/^\/pay\/(cs_test_\w+)$/);
      const session = payPage?.[1] ? sessions.get(payPage[1]) : undefined;
      if (payPage && session && request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end(
          `<!doctype html><title>Fake checkout</title><h1>Pay €${Number(session.amount_total) / 100}</h1>` +
            `<form method="post"><button type="submit">Pay now</button></form>` +
            `<a href="${String(session.cancel_url)}">Cancel</a>`,
        );
      }
      if (payPage && session && request.method === 'POST') {
        // Back to the shop first: the webhooks follow on their own schedule, as Stripe's do.
        void pay(session);
        response.writeHead(303, { location: returnUrl(session) });
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
  const fake: FakeStripe = {
    url: baseUrl,
    sessions,
    webhookUrl: options.webhookUrl,
    webhooks: { ...IMMEDIATE, ...options.webhooks },
    delivered,
    onDelivered: null,
    pay: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
      return pay(session);
    },
    settled: async () => {
      while (pending.size > 0) await Promise.all(pending);
    },
    close: async () => {
      await fake.settled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
