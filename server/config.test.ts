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
    ['BACKUP_CRON', 'daily'],
    ['BACKUP_CRON', '0 3 * *'],
    ['BACKUP_CRON', '60 3 * * *'],
    ['BACKUP_CRON', '0 3 * * 7'],
    ['BACKUP_CRON', '*/0 * * * *'],
    ['BACKUP_CRON', '0 5-1 * * *'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'two'],
    ['LOG_FORMAT', 'xml'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
  });

  it('takes backup schedules in crontab form and keeps seven backups unless told', () => {
    expect(loadConfig({}).BACKUP_CRON).toBeUndefined();
    expect(loadConfig({}).BACKUP_KEEP).toBe(7);
    for (const schedule of ['0 3 * * *', '*/15 * * * *', '30 2 1,15 * 0-5', '0 0-23/6 * 1-12 *']) {
      expect(loadConfig({ BACKUP_CRON: schedule }).BACKUP_CRON).toBe(schedule);
    }
    expect(loadConfig({ BACKUP_KEEP: '3' }).BACKUP_KEEP).toBe(3);
  });

  it('leaves the log format to the terminal unless LOG_FORMAT says', () => {
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
  });
});
