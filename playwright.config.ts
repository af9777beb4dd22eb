import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = path.join(os.tmpdir(), `subtitling-e2e-${port}`);
const fakeStripePort = port + 1;
export const e2eAdmin = { email: 'admin@e2e.test', password: 'E2e-admin-pass!' };
const webhookSecret = 'whsec_e2e_fake_secret';

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // Stripe's API and hosted checkout page, answered locally in Stripe's documented shape.
      command: 'node --import tsx test/fakes/stripe-server.ts',
      url: `http://127.0.0.1:${fakeStripePort}/health`,
      reuseExistingServer: false,
      env: {
        FAKE_STRIPE_PORT: String(fakeStripePort),
        FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook`,
        FAKE_STRIPE_WEBHOOK_SECRET: webhookSecret,
      },
    },
    {
      // A fresh product on embedded PostgreSQL, started exactly as a user would.
      command: `rm -rf ${dataDir} && node scripts/start.mjs`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        LOG_LEVEL: 'warn',
        // Browser tests sign many users up from one address.
        RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
        STRIPE_SECRET_KEY: 'sk_test_e2e_fake',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort}`,
      },
    },
  ],
});
