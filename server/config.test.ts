import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
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
    ['ADMIN_PASSWORD', 'short'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'not a url'],
    ['MAIL_FROM', 'nobody'],
    ['MAIL_FROM', 'Subtitling <nobody>'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
  });

  it('takes an SMTP server and a sender with a name', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Team <team@example.com>' });
    expect(config).toMatchObject({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Team <team@example.com>' });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });
});
