import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, createLogger, type LogFormat } from './logger';

function logged(format: LogFormat): string {
  const destination = new PassThrough();
  let text = '';
  destination.on('data', (chunk) => {
    text += chunk;
  });
  const logger = createLogger('info', format, destination);
  logger.child({ requestId: 'a1b2c3', videoId: 42 }).info('video uploaded');
  logger.debug('below the level');
  return text;
}

describe('log lines', () => {
  it('are readable lines in a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });

  it('carry their ids in JSON', () => {
    const lines = logged('json').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 30,
      msg: 'video uploaded',
      requestId: 'a1b2c3',
      videoId: 42,
    });
  });

  it('carry their ids on the same readable line', () => {
    const lines = logged('pretty').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: video uploaded .*"requestId":"a1b2c3".*"videoId":42/);
  });
});
