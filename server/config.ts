import path from 'node:path';
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Every environment variable the product reads; README's configuration table mirrors this. */
const environment = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ error: 'must be a postgres:// URL' }).optional()),
  WORKER: z.enum(['inline', 'off'], { error: "must be 'inline' or 'off'" }).default('inline'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  ADMIN_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email({ error: 'must be an email address' }).default('admin@example.com'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().min(8, 'must be at least 8 characters').optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ error: 'must be a URL' }).optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  /** Another Stripe API address (a local mock such as stripe-mock, or the tests' fake). */
  STRIPE_API_BASE: z.preprocess(emptyAsUndefined, z.url({ error: 'must be a URL' }).optional()),
  SUPPORT_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email({ error: 'must be an email address' }).default('support@example.com'),
  ),
  /** Signs download links; generated into DATA_DIR/app.secret when unset (share it between instances). */
  APP_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  FFMPEG_PATH: z.preprocess(emptyAsUndefined, z.string().optional()),
  FFPROBE_PATH: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** A ggml Whisper model file; when unset the model named by WHISPER_MODEL_NAME is downloaded on first use. */
  WHISPER_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  WHISPER_MODEL_NAME: z.preprocess(emptyAsUndefined, z.string().default('base')),
  /** Where models are downloaded from (whisper.cpp's published files by default). */
  WHISPER_MODEL_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'must be a URL' }).default('https://huggingface.co/ggerganov/whisper.cpp/resolve/main'),
  ),
  DEEPGRAM_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  /** Another Deepgram API address (the tests' fake). */
  DEEPGRAM_API_BASE: z.preprocess(emptyAsUndefined, z.url({ error: 'must be a URL' }).optional()),
  GOOGLE_TRANSLATE_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  /** Another Google Translation v2 endpoint, e.g. http://127.0.0.1:PORT/language/translate/v2 (the tests' fake). */
  GOOGLE_TRANSLATE_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ error: 'must be a URL' }).optional()),
  /** OpenAI-compatible chat endpoint that shortens cues still over a reading-speed cap (optional). */
  CONDENSER_URL: z.preprocess(emptyAsUndefined, z.url({ error: 'must be a URL' }).optional()),
  CONDENSER_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  CONDENSER_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Outgoing mail, e.g. smtp://user:pass@mail.example.com:587 or smtps://…; unset: mail goes to the log. */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ error: 'must be an smtp:// or smtps:// URL' })
      .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** The sender of every e-mail: an address, or a name and address ("Subtitling <no-reply@example.com>"). */
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) => z.email().safeParse(value.match(/<([^>]+)>\s*$/)?.[1] ?? value).success,
        'must be an email address, or a name and <address>',
      )
      .default('Subtitling <no-reply@example.com>'),
  ),
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Environment = z.infer<typeof environment>;

export interface Config extends Environment {
  dataDir: string;
  publicUrl: string;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = env[name];
      return `Invalid configuration: ${name}=${JSON.stringify(value ?? '')} ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const values = parsed.data;
  const shownHost = values.HOST === '0.0.0.0' ? '127.0.0.1' : values.HOST;
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl: (values.PUBLIC_URL ?? `http://${shownHost}:${values.PORT}`).replace(/\/$/, ''),
  };
}
