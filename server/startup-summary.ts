import path from 'node:path';
import type { Config } from './config';
import type { SpeechState } from './engines/speech-readiness';

export interface StartupFacts {
  config: Config;
  /** Generated on this start (the first): shown once, only its hash is stored. */
  generatedAdminPassword?: string | undefined;
  /** `Engines.describe()`: "speech: …; translation: …; condenser: …". */
  engines: string;
  speech: SpeechState;
  media: string;
  /** Where stored files live. */
  storage: string;
  /** Every variable the configuration knows: a feature whose variable does not exist yet is not listed. */
  knownVariables: readonly string[];
}

/** Optional features, and the variable that turns each on. */
const OPTIONAL_FEATURES = [
  { feature: 'payments (Stripe)', variable: 'STRIPE_SECRET_KEY' },
  { feature: 'translation', variable: 'GOOGLE_TRANSLATE_API_KEY' },
  { feature: 'e-mail', variable: 'SMTP_URL' },
  { feature: 'scheduled backups', variable: 'BACKUP_CRON' },
] as const;

function speechHealth(speech: SpeechState): string {
  if (speech.state === 'ready') return 'ready';
  if (speech.state === 'preparing') {
    return `preparing${speech.percent === null ? '' : ` (model download ${speech.percent}%)`}: generate uploads wait until it is ready`;
  }
  return `unavailable: ${speech.cause}`;
}

/** The few lines `npm start` prints once it listens: what runs where, and what is left to configure. */
export function startupSummary(facts: StartupFacts): string {
  const { config } = facts;
  const engines = new Map(
    facts.engines.split('; ').map((part) => {
      const [name = '', ...rest] = part.split(': ');
      return [name, rest.join(': ')] as const;
    }),
  );
  const rows: [string, string][] = [
    [
      'Database',
      config.DATABASE_URL
        ? `PostgreSQL at DATABASE_URL (${new URL(config.DATABASE_URL).host})`
        : `embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}`,
    ],
    ['Storage', facts.storage],
    [
      'Workers',
      config.WORKER === 'inline'
        ? `in this process, ${config.WORKER_CONCURRENCY} jobs at once`
        : 'none in this process (WORKER=off): start them with npm run worker',
    ],
    ['Speech', `${engines.get('speech') ?? 'unknown'}: ${speechHealth(facts.speech)}`],
    ['Translation', engines.get('translation') ?? 'none'],
    ['Media', facts.media],
    [
      'Backups',
      config.BACKUP_CRON ? `at "${config.BACKUP_CRON}", keeping ${config.BACKUP_KEEP}` : 'npm run backup',
    ],
  ];
  const known = new Set(facts.knownVariables);
  const missing = OPTIONAL_FEATURES.filter(
    ({ variable }) => known.has(variable) && !(config as unknown as Record<string, unknown>)[variable],
  );
  const lines = [`Subtitling is running at ${config.publicUrl}`];
  if (facts.generatedAdminPassword) {
    lines.push(`Admin login: ${config.ADMIN_EMAIL} / ${facts.generatedAdminPassword}  (shown only now)`);
  }
  lines.push('', ...rows.map(([name, value]) => `${`${name}:`.padEnd(13)}${value}`));
  if (missing.length > 0) {
    lines.push('', 'Not configured:');
    for (const { feature, variable } of missing) lines.push(`  ${feature.padEnd(20)} set ${variable}`);
  }
  return `\n${lines.map((line) => (line ? `  ${line}` : '')).join('\n')}\n`;
}
