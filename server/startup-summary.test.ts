import { describe, expect, it } from 'vitest';
import { knownVariables, loadConfig } from './config';
import { type StartupFacts, startupSummary } from './startup-summary';

const facts = (env: NodeJS.ProcessEnv, more: Partial<StartupFacts> = {}): StartupFacts => ({
  config: loadConfig({ DATA_DIR: '/srv/subtitling', ...env }),
  engines:
    'speech: local Whisper, model base; translation: none (subtitles in the spoken language); condenser: off',
  speech: { state: 'ready' },
  media: 'ffmpeg at /usr/bin/ffmpeg',
  storage: 'files in /srv/subtitling/files',
  knownVariables,
  ...more,
});

describe('the start-up summary', () => {
  it('says where it runs, what it runs on, and what is left to configure with the variable for each', () => {
    const text = startupSummary(facts({}));
    expect(text).toContain('Subtitling is running at http://127.0.0.1:3000');
    expect(text).toContain('Database:    embedded PostgreSQL in /srv/subtitling/postgres');
    expect(text).toContain('Storage:     files in /srv/subtitling/files');
    expect(text).toContain('Workers:     in this process, 2 jobs at once');
    expect(text).toContain('Speech:      local Whisper, model base: ready');
    expect(text).toContain('Media:       ffmpeg at /usr/bin/ffmpeg');
    expect(text).toMatch(
      /Not configured:\n\s+payments \(Stripe\)\s+set STRIPE_SECRET_KEY\n\s+translation\s+set GOOGLE_TRANSLATE_API_KEY/,
    );
    expect(text).toMatch(/scheduled backups\s+set BACKUP_CRON/);
    expect(text).not.toContain('Admin login');
    expect(text.split('\n').length).toBeLessThan(20);
  });

  it('shows the generated admin login on the start that made it', () => {
    const text = startupSummary(
      facts({ ADMIN_EMAIL: 'boss@example.com' }, { generatedAdminPassword: 'pw-123456' }),
    );
    expect(text).toContain('Admin login: boss@example.com / pw-123456  (shown only now)');
  });

  it('lists nothing as missing once everything is configured, and names an external database by host only', () => {
    const text = startupSummary(
      facts({
        STRIPE_SECRET_KEY: 'sk_test_12345678',
        GOOGLE_TRANSLATE_API_KEY: 'key-12345678',
        BACKUP_CRON: '0 3 * * *',
        SMTP_URL: 'smtp://mail.example.com',
        DATABASE_URL: 'postgres://app:secret@db.internal:5432/subtitling',
        WORKER: 'off',
      }),
    );
    expect(text).not.toContain('Not configured');
    expect(text).toContain('Database:    PostgreSQL at DATABASE_URL (db.internal:5432)');
    expect(text).not.toContain('secret');
    expect(text).toContain('Workers:     none in this process (WORKER=off): start them with npm run worker');
    expect(text).toContain('Backups:     at "0 3 * * *", keeping 7');
  });

  it('names a variable only once the configuration knows it (e-mail comes with SMTP_URL)', () => {
    const withoutMail = startupSummary(
      facts({}, { knownVariables: knownVariables.filter((name) => name !== 'SMTP_URL') }),
    );
    expect(withoutMail).not.toContain('SMTP_URL');
    const withMail = startupSummary(facts({}, { knownVariables: [...knownVariables, 'SMTP_URL'] }));
    expect(withMail).toMatch(/e-mail\s+set SMTP_URL/);
  });

  it('tells an engine that is not ready, and why', () => {
    const preparing = startupSummary(facts({}, { speech: { state: 'preparing', percent: 40 } }));
    expect(preparing).toContain('model base: preparing (model download 40%)');
    const down = startupSummary(
      facts(
        {},
        { speech: { state: 'unavailable', cause: 'model file missing', since: new Date().toISOString() } },
      ),
    );
    expect(down).toContain('unavailable: model file missing');
  });
});
