import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** proxy-addr's names for ranges (what Fastify's trustProxy takes beside addresses). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, or one with a prefix length (CIDR), or a named range. */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies are believed about the client's address (X-Forwarded-For), as Fastify's trustProxy
 * takes it: `false` (none, the default), `true` (any: only behind a proxy that is the sole way in),
 * a number of hops, or a list of addresses and CIDR ranges.
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .transform((value, context): boolean | number | string[] => {
      if (value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      context.addIssue({
        code: 'custom',
        message:
          'must be true, false, a number of proxies, or addresses and CIDR ranges separated by commas (e.g. 10.0.0.2,172.16.0.0/12)',
      });
      return z.NEVER;
    })
    .default(false),
);

/** Minute, hour, day of month, month, day of week: the ranges of Graphile Worker's crontab fields. */
const CRON_FIELDS = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
] as const;

/** A crontab time as Graphile Worker reads it: five fields of `*`, numbers, ranges, steps and lists. */
export function isCronSchedule(value: string): boolean {
  const fields = value.trim().split(/\s+/);
  if (fields.length !== CRON_FIELDS.length) return false;
  return fields.every((field, index) => {
    const [min, max] = CRON_FIELDS[index] ?? [0, 0];
    const inRange = (text: string | undefined) =>
      text === undefined || (Number(text) >= min && Number(text) <= max);
    return field.split(',').every((item) => {
      const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
      if (!match) return false;
      const [, , from, to, step] = match;
      const ordered = to === undefined || Number(from) <= Number(to);
      return inRange(from) && inRange(to) && ordered && (step === undefined || Number(step) >= 1);
    });
  });
}

/** Every environment variable the product reads; README's configuration table mirrors this. */
const environment = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ error: 'must be a postgres:// URL' }).optional()),
  /** Prepare each statement once per connection; 'false' behind a pooler in transaction mode (PgBouncer). */
  DATABASE_PREPARED_STATEMENTS: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
      .default('true')
      .transform((value) => value === 'true'),
  ),
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
  /** Signs download links; generated into DATA_DIR/app.secret when unset (share it between instances). */
  APP_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  FFMPEG_PATH: z.preprocess(emptyAsUndefined, z.string().optional()),
  FFPROBE_PATH: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** The least time one ffmpeg or ffprobe run may take; each second of media it handles adds 10 (run-ffmpeg.ts). */
  FFMPEG_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
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
  /** An OpenAI-compatible chat endpoint (…/v1): translates without Google and condenses to the plan. */
  LLM_URL: z.preprocess(emptyAsUndefined, z.url({ error: 'must be a URL' }).optional()),
  LLM_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  LLM_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Requests one video sends to the LLM at once. */
  LLM_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Which engine translates when both Google and an LLM are configured. */
  TRANSLATION_ENGINE: z
    .enum(['auto', 'google', 'llm'], { error: "must be 'auto', 'google' or 'llm'" })
    .default('auto'),
  /** Deprecated names of LLM_URL, LLM_MODEL, LLM_API_KEY (the condenser-only engine before the LLM). */
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
  /** Proxies believed about the client address (X-Forwarded-For); none unless set. */
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  /** Comments an hour through one review link, whoever holds it. */
  RATE_LIMIT_REVIEW_COMMENTS_PER_LINK: z.coerce.number().int().min(1).default(60),
  /** Comments an hour through review links from one client address, whichever links. */
  RATE_LIMIT_REVIEW_COMMENTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** How long an unfinished resumable (tus) upload can wait for its next bytes before the worker removes it. */
  RESUMABLE_UPLOAD_EXPIRY_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 hour')
    .max(720, 'must be at most 720 hours (30 days)')
    .default(24),
  /** Resumable-upload requests in flight at once per process, each holding a database connection for its upload's lock. */
  RESUMABLE_UPLOAD_LOCK_CONNECTIONS: z.coerce
    .number({ error: 'must be a number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(20),
  /** When the worker backs up by itself (a crontab time, e.g. `0 3 * * *`); unset: only `npm run backup`. */
  BACKUP_CRON: z.preprocess(
    emptyAsUndefined,
    z.string().refine(isCronSchedule, 'must be a crontab time of five fields, e.g. "0 3 * * *"').optional(),
  ),
  /** Scheduled backups kept in DATA_DIR/backups; older ones are removed after each new one. */
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(7),
  /** `pretty`: readable lines; `json`: one JSON object a line. Unset: pretty in a terminal, JSON otherwise. */
  LOG_FORMAT: z.preprocess(
    emptyAsUndefined,
    z.enum(['pretty', 'json'], { error: "must be 'pretty' or 'json'" }).optional(),
  ),
  /** Turns on GET /metrics for a Prometheus scraper sending it as a Bearer token; unset, /metrics is 404. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where files live: `disk` (DATA_DIR/files) or `s3` (a bucket, the S3_* settings below). */
  STORAGE: z.enum(['disk', 's3'], { error: "must be 'disk' or 's3'" }).default('disk'),
  /** An S3-compatible store's address (MinIO, …); unset for AWS itself. */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  /** The store's address as browsers reach it, for download links (when it differs from S3_ENDPOINT, e.g. in docker compose). */
  S3_PUBLIC_ENDPOINT: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3–63 lowercase letters, digits, dots, hyphens)',
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Addresses as endpoint/bucket/key instead of bucket.endpoint/key (MinIO and most self-hosted stores). */
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
      .default('false')
      .transform((value) => value === 'true'),
  ),
});

/** With STORAGE=s3 the bucket and its keys are required: a worker elsewhere needs nothing else. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const checkedEnvironment = environment.superRefine((values, context) => {
  if (values.STORAGE !== 's3') return;
  for (const name of S3_REQUIRED)
    if (!values[name])
      context.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE=s3' });
});

export type Environment = z.infer<typeof environment>;

/** The names of every variable the product reads (the start-up summary names the missing optional ones). */
export const knownVariables: readonly string[] = Object.keys(environment.shape);

export interface Config extends Environment {
  dataDir: string;
  publicUrl: string;
  /** Lines to log at start: deprecated variables still read, and their new names. */
  deprecations: string[];
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvironment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = env[name];
      return `Invalid configuration: ${name}=${JSON.stringify(value ?? '')} ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const { values, deprecations } = withLlmAliases(parsed.data);
  const problem = llmProblem(values);
  if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
  const shownHost = values.HOST === '0.0.0.0' ? '127.0.0.1' : values.HOST;
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl: (values.PUBLIC_URL ?? `http://${shownHost}:${values.PORT}`).replace(/\/$/, ''),
    deprecations,
  };
}

const LLM_ALIASES = [
  ['CONDENSER_URL', 'LLM_URL'],
  ['CONDENSER_MODEL', 'LLM_MODEL'],
  ['CONDENSER_API_KEY', 'LLM_API_KEY'],
] as const;

/** The condenser's old variables still work, each with a line asking for its new name. */
function withLlmAliases(parsed: Environment) {
  const values = { ...parsed };
  const deprecations: string[] = [];
  for (const [old, current] of LLM_ALIASES) {
    const oldValue = values[old];
    if (oldValue === undefined) continue;
    deprecations.push(
      values[current] === undefined
        ? `${old} is deprecated: rename it ${current}`
        : `${old} is deprecated and ignored: ${current} is set`,
    );
    values[current] ??= oldValue;
  }
  return { values, deprecations };
}

/** Settings that are valid alone but not together. */
function llmProblem(values: Environment): string | null {
  if (values.LLM_URL && !values.LLM_MODEL) return `LLM_MODEL="" must name the model when LLM_URL is set`;
  if (values.LLM_MODEL && !values.LLM_URL)
    return `LLM_URL="" must be the endpoint's URL when LLM_MODEL is set`;
  if (values.TRANSLATION_ENGINE === 'llm' && !values.LLM_URL)
    return 'TRANSLATION_ENGINE="llm" needs LLM_URL and LLM_MODEL';
  if (values.TRANSLATION_ENGINE === 'google' && !values.GOOGLE_TRANSLATE_API_KEY)
    return 'TRANSLATION_ENGINE="google" needs GOOGLE_TRANSLATE_API_KEY';
  return null;
}
