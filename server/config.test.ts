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
    ['METRICS_TOKEN', 'too-short'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
  });

  it('turns metrics on only with a long enough token', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-me-0123456789' }).METRICS_TOKEN).toBe('scrape-me-0123456789');
  });
});
