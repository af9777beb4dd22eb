import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, knownVariables, loadConfig } from './config';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('configuration', () => {
  it('is documented in the README, every variable it reads and no variable it does not', () => {
    const undocumented = knownVariables.filter((name) => !README.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
    // The first column of the configuration table names variables (two in a row: `A` / `B`).
    const section = README.slice(README.indexOf('## Configuration'), README.indexOf('## Architecture'));
    const rows = section.split('\n').filter((line) => /^\| `/.test(line));
    const named = rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]),
    );
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((name) => !knownVariables.includes(name ?? ''))).toEqual([]);
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', WORKER: 'inline' });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['WORKER', 'sometimes'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_PREPARED_STATEMENTS', 'on'],
    ['ADMIN_PASSWORD', 'short'],
    ['STORAGE', 'ftp'],
    ['S3_ENDPOINT', 'minio'],
    ['S3_PUBLIC_ENDPOINT', 'localhost:9000'],
    ['S3_BUCKET', 'Bad_Bucket'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['BACKUP_CRON', 'daily'],
    ['BACKUP_CRON', '0 3 * *'],
    ['BACKUP_CRON', '60 3 * * *'],
    ['BACKUP_CRON', '0 3 * * 7'],
    ['BACKUP_CRON', '*/0 * * * *'],
    ['BACKUP_CRON', '0 5-1 * * *'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'two'],
    ['LOG_FORMAT', 'xml'],
    ['LLM_URL', 'not a url'],
    ['LLM_CONCURRENCY', '0'],
    ['TRANSLATION_ENGINE', 'deepl'],
    ['METRICS_TOKEN', 'too-short'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'not a url'],
    ['MAIL_FROM', 'nobody'],
    ['MAIL_FROM', 'Subtitling <nobody>'],
    ['RESUMABLE_UPLOAD_EXPIRY_HOURS', '0'],
    ['RESUMABLE_UPLOAD_EXPIRY_HOURS', '1.5'],
    ['RESUMABLE_UPLOAD_EXPIRY_HOURS', 'a day'],
    ['RESUMABLE_UPLOAD_LOCK_CONNECTIONS', '0'],
    ['RESUMABLE_UPLOAD_LOCK_CONNECTIONS', 'many'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
  });

  it('needs the bucket and its keys with STORAGE=s3, and reads the path style', () => {
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }),
    ).toThrow(/^Invalid configuration: S3_BUCKET="" is required when STORAGE=s3$/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'videos' })).toThrow(
      /S3_ACCESS_KEY_ID="" is required/,
    );
    const config = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'videos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({}).STORAGE).toBe('disk');
  });

  it('takes backup schedules in crontab form and keeps seven backups unless told', () => {
    expect(loadConfig({}).BACKUP_CRON).toBeUndefined();
    expect(loadConfig({}).BACKUP_KEEP).toBe(7);
    for (const schedule of ['0 3 * * *', '*/15 * * * *', '30 2 1,15 * 0-5', '0 0-23/6 * 1-12 *']) {
      expect(loadConfig({ BACKUP_CRON: schedule }).BACKUP_CRON).toBe(schedule);
    }
    expect(loadConfig({ BACKUP_KEEP: '3' }).BACKUP_KEEP).toBe(3);
  });

  it('keeps an unfinished resumable upload for a day, and 20 upload lock connections, unless told', () => {
    expect(loadConfig({}).RESUMABLE_UPLOAD_EXPIRY_HOURS).toBe(24);
    expect(loadConfig({ RESUMABLE_UPLOAD_EXPIRY_HOURS: '48' }).RESUMABLE_UPLOAD_EXPIRY_HOURS).toBe(48);
    expect(loadConfig({}).RESUMABLE_UPLOAD_LOCK_CONNECTIONS).toBe(20);
    expect(loadConfig({ RESUMABLE_UPLOAD_LOCK_CONNECTIONS: '50' }).RESUMABLE_UPLOAD_LOCK_CONNECTIONS).toBe(
      50,
    );
  });

  it('leaves the log format to the terminal unless LOG_FORMAT says', () => {
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
  });

  it('takes the LLM endpoint and model together, and says which half is missing', () => {
    const config = loadConfig({ LLM_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5:7b' });
    expect(config).toMatchObject({ LLM_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5:7b' });
    expect(config.deprecations).toEqual([]);
    expect(() => loadConfig({ LLM_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /^Invalid configuration: LLM_MODEL="" must name the model/,
    );
    expect(() => loadConfig({ LLM_MODEL: 'qwen2.5:7b' })).toThrow(/^Invalid configuration: LLM_URL=""/);
  });

  it('still reads the condenser variables, with a deprecation line for each', () => {
    const config = loadConfig({
      CONDENSER_URL: 'http://127.0.0.1:8080/v1',
      CONDENSER_MODEL: 'small',
      CONDENSER_API_KEY: 'secret',
    });
    expect(config).toMatchObject({
      LLM_URL: 'http://127.0.0.1:8080/v1',
      LLM_MODEL: 'small',
      LLM_API_KEY: 'secret',
    });
    expect(config.deprecations).toEqual([
      'CONDENSER_URL is deprecated: rename it LLM_URL',
      'CONDENSER_MODEL is deprecated: rename it LLM_MODEL',
      'CONDENSER_API_KEY is deprecated: rename it LLM_API_KEY',
    ]);
    const both = loadConfig({
      CONDENSER_MODEL: 'old',
      LLM_URL: 'http://127.0.0.1:8080/v1',
      LLM_MODEL: 'new',
    });
    expect(both.LLM_MODEL).toBe('new');
    expect(both.deprecations).toEqual(['CONDENSER_MODEL is deprecated and ignored: LLM_MODEL is set']);
  });

  it('refuses a translation engine that is not configured', () => {
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'llm' })).toThrow(/TRANSLATION_ENGINE="llm" needs LLM_URL/);
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'google' })).toThrow(/needs GOOGLE_TRANSLATE_API_KEY/);
  });

  it('turns metrics on only with a long enough token', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-me-0123456789' }).METRICS_TOKEN).toBe('scrape-me-0123456789');
  });

  it('believes no proxy unless TRUST_PROXY names them: true/false, a hop count, or addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 172.16.0.0/12,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,,10.0.0.2'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^Invalid configuration: TRUST_PROXY=".*" must be true, false, a number of proxies, or addresses/,
      );
  });

  it('takes an SMTP server and a sender with a name', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Team <team@example.com>' });
    expect(config).toMatchObject({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Team <team@example.com>' });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });
});
