import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { BILLING_TEXTS } from '../../../shared/schemas/billing';
import { startFakeStripe } from '../../../test/fakes/stripe';
import { adminToken, signedUpUser, testApp } from '../../../test/support/http';

const SECRET = 'whsec_test_secret_for_webhooks';
const fake = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:1/unused', webhookSecret: SECRET });
afterAll(() => fake.close());
const { call } = await testApp({
  STRIPE_SECRET_KEY: 'sk_test_local_fake',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_BASE: fake.url,
});
const unconfigured = await testApp();
// A key Stripe does not know (revoked, or another account's): the provider answers 401.
const wrongKey = await testApp({
  STRIPE_SECRET_KEY: 'sk_test_revoked_key',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_BASE: fake.url,
});
const signer = new Stripe('sk_test_signer');

function completedEvent(sessionId: string, companyId: number, amount: number, paymentStatus = 'paid') {
  return JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: String(companyId),
        amount_total: amount,
        currency: 'eur',
        payment_status: paymentStatus,
      },
    },
  });
}

function deliver(payload: string, secret = SECRET) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return call('POST', '/api/stripe/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function balance(token: string) {
  return (await call('GET', '/api/company/my', { token })).body.data[0].attributes.credits as number;
}

describe('prices', () => {
  it('lists price_per_minute, minimum_price, reburn_per_minute and translation_per_minute in euros', async () => {
    const response = await call('GET', '/api/prices');
    const prices = Object.fromEntries(
      response.body.data.map((row: { attributes: { product: string; price: number } }) => [
        row.attributes.product,
        row.attributes.price,
      ]),
    );
    expect(prices).toEqual({
      price_per_minute: 0.1,
      minimum_price: 0,
      reburn_per_minute: 0.05,
      translation_per_minute: 0.05,
    });
  });
});

describe('checkout', () => {
  it('creates a Checkout Session for the caller’s own company, whatever the client claims', async () => {
    const user = await signedUpUser(call, 'buyer');
    const response = await call('POST', '/api/checkout-session', {
      token: user.token,
      body: { data: { quantity: 5, clientReferenceId: 999 } },
    });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const session = [...fake.sessions.values()].at(-1);
    expect(session).toMatchObject({
      client_reference_id: String(user.companyId),
      amount_total: 500,
      currency: 'eur',
      mode: 'payment',
    });
    expect(session?.success_url).toMatch(/\/balance\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(session?.cancel_url).toMatch(/\/balance\/failure$/);
  });

  it('refuses a user without a company with the PRODUCT.md §8 text', async () => {
    const loner = await signedUpUser(call, 'nobuy', false);
    const response = await call('POST', '/api/checkout-session', {
      token: loner.token,
      body: { data: { quantity: 5 } },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(BILLING_TEXTS.noCompany);
  });

  it('answers 503 in plain words, never a 500, when the provider refuses the secret key', async () => {
    const user = await signedUpUser(wrongKey.call, 'revokedkey');
    const response = await wrongKey.call('POST', '/api/checkout-session', {
      token: user.token,
      body: { data: { quantity: 5 } },
    });
    expect(response.status).toBe(503);
    expect(response.body.error.message).toBe(BILLING_TEXTS.providerRefused);
    expect(response.body.error.message).not.toMatch(/sk_test/);
  });

  it('answers 503 with a clear message when payments are not configured', async () => {
    const user = await signedUpUser(unconfigured.call, 'nostripe');
    const response = await unconfigured.call('POST', '/api/checkout-session', {
      token: user.token,
      body: { data: { quantity: 5 } },
    });
    expect(response.status).toBe(503);
    expect(response.body.error.message).toBe(BILLING_TEXTS.notConfigured);
  });

  it('sells euros and cents, charging Stripe exactly that amount', async () => {
    const user = await signedUpUser(call, 'cents');
    for (const [quantity, cents] of [
      [2.37, 237],
      [0.5, 50],
      ['12.10', 1210],
    ] as const) {
      const response = await call('POST', '/api/checkout-session', {
        token: user.token,
        body: { data: { quantity } },
      });
      expect(response.status, String(quantity)).toBe(200);
      expect([...fake.sessions.values()].at(-1)?.amount_total).toBe(cents);
    }
  });

  it("refuses nothing, less than Stripe's €0.50 and fractions of a cent", async () => {
    const user = await signedUpUser(call, 'zero');
    for (const quantity of [0, -5, 0.49, 2.505]) {
      const response = await call('POST', '/api/checkout-session', {
        token: user.token,
        body: { data: { quantity } },
      });
      expect(response.status, String(quantity)).toBe(400);
    }
  });
});

describe('the Stripe webhook', () => {
  it('credits a paid session once, even when delivered 6 times at once', async () => {
    const user = await signedUpUser(call, 'paid');
    const payload = completedEvent('cs_test_concurrent', user.companyId ?? 0, 1000);
    const deliveries = await Promise.all(Array.from({ length: 6 }, () => deliver(payload)));
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    expect(deliveries.filter((delivery) => delivery.body.outcome === 'credited')).toHaveLength(1);
    expect(await balance(user.token)).toBe(10);
  });

  it('changes nothing for a forged signature', async () => {
    const user = await signedUpUser(call, 'forged');
    const response = await deliver(
      completedEvent('cs_test_forged', user.companyId ?? 0, 5000),
      'whsec_wrong_secret_value',
    );
    expect(response.status).toBe(400);
    expect(await balance(user.token)).toBe(0);
  });

  it('changes nothing for a stale signature', async () => {
    const user = await signedUpUser(call, 'stale');
    const payload = completedEvent('cs_test_stale', user.companyId ?? 0, 5000);
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const response = await call('POST', '/api/stripe/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(response.status).toBe(400);
    expect(await balance(user.token)).toBe(0);
  });

  it('ignores a session that is not paid yet', async () => {
    const user = await signedUpUser(call, 'unpaid');
    const response = await deliver(completedEvent('cs_test_unpaid', user.companyId ?? 0, 700, 'unpaid'));
    expect(response.body.outcome).toBe('ignored');
    expect(await balance(user.token)).toBe(0);
  });

  it('writes the purchase to the audit trail', async () => {
    const user = await signedUpUser(call, 'audited');
    await deliver(completedEvent('cs_test_audited', user.companyId ?? 0, 300));
    const audit = await call('GET', '/api/audit-trails', { token: await adminToken(call) });
    expect(audit.body.data[0].attributes.action).toBe(
      `Stripe payment cs_test_audited credited €3.00 to company ${user.companyId}`,
    );
  });
});
