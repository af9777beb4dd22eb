import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3199);
/** Fakes of the cloud APIs sit on the ports just above the app's. */
const ports = {
  app: port,
  stripe: port + 1,
  deepgram: port + 2,
  google: port + 3,
  translatingApp: port + 4,
  speechlessApp: port + 5,
  // The language model's fake and the instance that translates through it (issue 25).
  llm: port + 10,
  llmApp: port + 11,
  smtp: port + 6,
  smtpMessages: port + 7,
};
/** Where the end-to-end tests read the e-mails the main instance sent (test/fakes/smtp-catcher-server.ts). */
export const mailCatcherUrl = `http://127.0.0.1:${ports.smtpMessages}`;
/** The fake Deepgram the main instance transcribes with; tests script its failures (test/fakes/deepgram.ts). */
export const deepgramFakeUrl = `http://127.0.0.1:${ports.deepgram}`;
export const e2eAdmin = { email: 'admin@e2e.test', password: 'E2e-admin-pass!' };
/** A second instance with a text translator configured (the main one has none, so the form marks unreachable pairs). */
export const translatingBaseUrl = `http://127.0.0.1:${ports.translatingApp}`;
/** An instance with a language model (the fake chat endpoint) and no Google key: every pair through the LLM. */
export const llmBaseUrl = `http://127.0.0.1:${ports.llmApp}`;
const webhookSecret = 'whsec_e2e_fake_secret';
const dataDirOf = (appPort: number) => path.join(os.tmpdir(), `subtitling-e2e-${appPort}`);
/** The main instance's data folder: its postgres.url lets a test seed rows a user cannot date back. */
export const e2eDataDir = dataDirOf(ports.app);
/** The language-model instance's data folder: a test spoils a stored file there, as a disk fault would. */
export const llmDataDir = dataDirOf(ports.llmApp);
/** A third instance on local Whisper whose model file is not there until a test puts it in place. */
export const speechlessBaseUrl = `http://127.0.0.1:${ports.speechlessApp}`;
export const speechlessModelFile = path.join(dataDirOf(ports.speechlessApp), 'placed-later', 'ggml-test.bin');

function fake(script: string, fakePort: number, env: Record<string, string>) {
  return {
    command: `node --import tsx test/fakes/${script}`,
    port: fakePort,
    reuseExistingServer: false,
    env,
  };
}

/** A fresh product on embedded PostgreSQL, started exactly as a user would. */
function app(appPort: number, extraEnv: Record<string, string>) {
  const dataDir = dataDirOf(appPort);
  return {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${appPort}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      LOG_LEVEL: 'warn',
      // Browser tests sign many users up from one address.
      RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
      STRIPE_SECRET_KEY: 'sk_test_e2e_fake',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${ports.stripe}`,
      DEEPGRAM_API_KEY: 'deepgram-e2e-key',
      DEEPGRAM_API_BASE: `http://127.0.0.1:${ports.deepgram}`,
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    // Stripe's API and hosted checkout page, answered locally in Stripe's documented shape; like
    // Stripe, it sends the browser back before the webhook, here 3 s before, and delivers it twice.
    fake('stripe-server.ts', ports.stripe, {
      FAKE_STRIPE_PORT: String(ports.stripe),
      FAKE_STRIPE_WEBHOOK_DELAY_MS: '3000',
      FAKE_STRIPE_WEBHOOK_TWICE: '1',
      FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook`,
      FAKE_STRIPE_WEBHOOK_SECRET: webhookSecret,
    }),
    // Deepgram's prerecorded API with the JFK sample's words; Google Translation v2.
    fake('deepgram-server.ts', ports.deepgram, { FAKE_DEEPGRAM_PORT: String(ports.deepgram) }),
    fake('google-translate-server.ts', ports.google, {
      FAKE_GOOGLE_TRANSLATE_PORT: String(ports.google),
    }),
    // A real SMTP server that keeps what it receives; tests read it over HTTP.
    fake('smtp-catcher-server.ts', ports.smtpMessages, {
      FAKE_SMTP_PORT: String(ports.smtp),
      FAKE_SMTP_HTTP_PORT: String(ports.smtpMessages),
      // Mail to this domain is refused for good (550): the screens say it was not sent.
      FAKE_SMTP_REFUSE_DOMAIN: 'refused.e2e.test',
    }),
    app(ports.app, {
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      MAIL_FROM: 'Subtitling <no-reply@e2e.test>',
    }),
    app(ports.translatingApp, {
      GOOGLE_TRANSLATE_API_KEY: 'google-e2e-key',
      GOOGLE_TRANSLATE_ENDPOINT: `http://127.0.0.1:${ports.google}/language/translate/v2`,
    }),
    app(ports.speechlessApp, { DEEPGRAM_API_KEY: '', WHISPER_MODEL: speechlessModelFile }),
    // An OpenAI-compatible chat endpoint that translates into each language's script.
    fake('chat-completions-server.ts', ports.llm, { FAKE_LLM_PORT: String(ports.llm) }),
    app(ports.llmApp, { LLM_URL: `http://127.0.0.1:${ports.llm}/v1`, LLM_MODEL: 'fake-model' }),
  ],
});
