// Runs the fake Stripe as its own process for the end-to-end tests.
import { startFakeStripe } from './stripe';

const fake = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 12111),
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL ?? 'http://127.0.0.1:3199/api/stripe/webhook',
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e_fake_secret',
  apiKey: process.env.FAKE_STRIPE_API_KEY ?? 'sk_test_e2e_fake',
  webhooks: {
    delayMs: Number(process.env.FAKE_STRIPE_WEBHOOK_DELAY_MS ?? 0),
    twice: process.env.FAKE_STRIPE_WEBHOOK_TWICE === '1',
    outOfOrder: process.env.FAKE_STRIPE_WEBHOOK_OUT_OF_ORDER === '1',
  },
});
console.log(`fake Stripe at ${fake.url}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
