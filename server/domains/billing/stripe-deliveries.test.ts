import { afterAll, describe, expect, it } from 'vitest';
import type { CompanyEvent } from '../../../shared/schemas/events';
import { startFakeStripe } from '../../../test/fakes/stripe';
import { signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { startEventHub } from '../../realtime/event-hub';
import { ledgerOfCompany } from '../ledger/service';

/**
 * The fake Stripe's pay page, as a browser meets it: back to the shop at once, the webhooks later,
 * twice or out of order. Each payment is credited exactly once, and `billing.checkoutStatus` tells
 * the returning browser "pending" until the ledger has it.
 */
const SECRET = 'whsec_test_late_deliveries';
const fake = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:1/not-yet', webhookSecret: SECRET });
const { app, call, db, databaseUrl, services } = await testApp({
  STRIPE_SECRET_KEY: 'sk_test_local_fake',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_BASE: fake.url,
});
fake.webhookUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/stripe/webhook`;
const events = await startEventHub(databaseUrl, services.logger);
afterAll(async () => {
  await fake.close();
  await events.close();
  await app.close();
});

async function buyer(name: string) {
  const user = await signedUpUser(call, name);
  const trpc = testCaller(app, user.token);
  const checkout = await trpc.mutation('billing.checkout', { quantity: 5 });
  expect(checkout.status).toBe(200);
  return { user, trpc, companyId: user.companyId ?? 0, sessionId: checkout.data.id as string };
}

/** Presses "Pay now" on the fake's hosted page; answers where it sends the browser. */
async function payAtProvider(sessionId: string) {
  const response = await fetch(`${fake.url}/pay/${sessionId}`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

async function purchases(companyId: number) {
  return (await ledgerOfCompany(db, companyId)).filter((entry) => entry.kind === 'purchase');
}

async function balanceEuros(token: string) {
  return (await call('GET', '/api/company/my', { token })).body.data[0].attributes.credits as number;
}

/** The company's live events until `count` have come or the time is up. */
function collectEvents(companyId: number, count: number, ms = 5000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return (async () => {
    const heard: CompanyEvent[] = [];
    for await (const event of events.stream(companyId, controller.signal)) {
      if (event.type === 'listening') continue;
      heard.push(event);
      if (heard.length === count) break;
    }
    clearTimeout(timer);
    return heard;
  })();
}

describe('a webhook that comes after the browser', () => {
  it('answers pending on return, then credited with the amount, and tells the company live', async () => {
    fake.webhooks = { delayMs: 400, twice: false, outOfOrder: false };
    const { user, trpc, companyId, sessionId } = await buyer('late');
    const heard = collectEvents(companyId, 1);

    const location = await payAtProvider(sessionId);
    expect(location).toMatch(new RegExp(`/balance/success\\?session_id=${sessionId}$`));
    expect(await trpc.query('billing.checkoutStatus', { sessionId })).toMatchObject({
      status: 200,
      data: { status: 'pending', amountCents: 500 },
    });
    expect(await balanceEuros(user.token)).toBe(0);

    await fake.settled();
    expect(await trpc.query('billing.checkoutStatus', { sessionId })).toMatchObject({
      status: 200,
      data: { status: 'credited', amountCents: 500 },
    });
    expect(await balanceEuros(user.token)).toBe(5);
    expect(await heard).toEqual([{ type: 'credit', companyId, sessionId }]);
  });

  it('credits once when the same event is delivered twice', async () => {
    fake.webhooks = { delayMs: 50, twice: true, outOfOrder: false };
    const { user, companyId, sessionId } = await buyer('twice');
    await payAtProvider(sessionId);
    await fake.settled();

    const deliveries = fake.delivered.filter((delivery) => delivery.sessionId === sessionId);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]?.eventId).toBe(deliveries[1]?.eventId);
    expect(deliveries.map((delivery) => JSON.parse(delivery.body).outcome)).toEqual([
      'credited',
      'duplicate',
    ]);
    expect(await purchases(companyId)).toHaveLength(1);
    expect(await balanceEuros(user.token)).toBe(5);
  });

  it('credits once when an older event comes after a newer one, each twice', async () => {
    fake.webhooks = { delayMs: 50, twice: true, outOfOrder: true };
    const { user, trpc, companyId, sessionId } = await buyer('disorder');
    await payAtProvider(sessionId);
    await fake.settled();

    const deliveries = fake.delivered.filter((delivery) => delivery.sessionId === sessionId);
    expect(deliveries.map((delivery) => delivery.type)).toEqual([
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
    ]);
    expect(deliveries[1]?.created).toBeLessThan(deliveries[0]?.created ?? 0);
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    expect(deliveries.map((delivery) => JSON.parse(delivery.body).outcome)).toEqual([
      'credited',
      'ignored',
      'duplicate',
      'ignored',
    ]);
    expect(await purchases(companyId)).toMatchObject([{ amountCents: 500, reference: sessionId }]);
    expect(await balanceEuros(user.token)).toBe(5);
    expect((await trpc.query('billing.checkoutStatus', { sessionId })).data).toEqual({
      status: 'credited',
      amountCents: 500,
    });
  });
});

describe('billing.checkoutStatus', () => {
  it("refuses another company's session, pending or credited, as it refuses one that does not exist", async () => {
    fake.webhooks = { delayMs: 0, twice: false, outOfOrder: false };
    const victim = await buyer('victimpay');
    const intruder = await buyer('intruder');
    const notFound = { status: 404, error: { message: 'Checkout session not found' } };

    expect(
      await intruder.trpc.query('billing.checkoutStatus', { sessionId: victim.sessionId }),
    ).toMatchObject(notFound);
    await fake.pay(victim.sessionId);
    expect(
      await intruder.trpc.query('billing.checkoutStatus', { sessionId: victim.sessionId }),
    ).toMatchObject(notFound);
    expect(
      await intruder.trpc.query('billing.checkoutStatus', { sessionId: 'cs_test_never_created' }),
    ).toMatchObject(notFound);
    expect((await victim.trpc.query('billing.checkoutStatus', { sessionId: victim.sessionId })).data).toEqual(
      {
        status: 'credited',
        amountCents: 500,
      },
    );
  });

  it('refuses a user without a company, and what is not a session id', async () => {
    const loner = await signedUpUser(call, 'lonerpay', false);
    const trpc = testCaller(app, loner.token);
    expect(await trpc.query('billing.checkoutStatus', { sessionId: 'cs_test_x' })).toMatchObject({
      status: 403,
    });
    expect(await trpc.query('billing.checkoutStatus', { sessionId: '../v1/charges' })).toMatchObject({
      status: 400,
    });
  });
});

describe('a webhook the endpoint did not answer 2xx', () => {
  it('is delivered again with the same event id, and credits once', async () => {
    fake.webhooks = { delayMs: 0, twice: false, outOfOrder: false, retries: 3, retryDelayMs: 10 };
    const { user, companyId, sessionId } = await buyer('retried');
    const appUrl = fake.webhookUrl;
    // The first attempt meets a path that answers 404 (a proxy in the way), the next ones the app.
    fake.webhookUrl = appUrl.replace('/api/stripe/webhook', '/api/stripe/not-here');
    fake.onDelivered = () => {
      fake.webhookUrl = appUrl;
    };
    try {
      await payAtProvider(sessionId);
      await fake.settled();
    } finally {
      fake.onDelivered = null;
      fake.webhookUrl = appUrl;
    }
    const deliveries = fake.delivered.filter((delivery) => delivery.sessionId === sessionId);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([404, 200]);
    expect(deliveries[1]?.eventId).toBe(deliveries[0]?.eventId);
    expect(await purchases(companyId)).toHaveLength(1);
    expect(await balanceEuros(user.token)).toBe(5);
  });

  it('credits once when Stripe delivers again an event the app already credited', async () => {
    // As when the app's 200 was lost: the same event, answered 2xx, then sent once more by retry.
    fake.webhooks = { delayMs: 0, twice: true, outOfOrder: false, retries: 3, retryDelayMs: 10 };
    const { user, companyId, sessionId } = await buyer('lostanswer');
    await payAtProvider(sessionId);
    await fake.settled();
    expect(await purchases(companyId)).toHaveLength(1);
    expect(await balanceEuros(user.token)).toBe(5);
  });
});

describe('the fake provider is as strict as Stripe', () => {
  it('refuses another key, an unsupported currency and a total under the minimum, in Stripe’s error shape', async () => {
    const create = (key: string, currency: string, amount: number) =>
      fetch(`${fake.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=${currency}&line_items[0][price_data][unit_amount]=${amount}`,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await create('sk_test_someone_else', 'eur', 500)).toMatchObject({
      status: 401,
      body: {
        error: { type: 'invalid_request_error', message: expect.stringMatching(/^Invalid API Key provided/) },
      },
    });
    expect(await create('sk_test_local_fake', 'xyz', 500)).toMatchObject({
      status: 400,
      body: { error: { code: 'parameter_invalid_string', param: 'line_items[0][price_data][currency]' } },
    });
    expect(await create('sk_test_local_fake', 'eur', 49)).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'amount_too_small' } },
    });
    expect((await create('sk_test_local_fake', 'eur', 50)).status).toBe(200);
  });
});
