import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import pino from 'pino';
import type Pretty from 'pino-pretty';

// pino-pretty is loaded only when lines are made for a person: a server logging JSON never loads it.
const require = createRequire(import.meta.url);

export type Logger = pino.Logger;
export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when set; otherwise readable lines for a person at a terminal, JSON for a log collector. */
export function chooseLogFormat(setting: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return setting ?? (isTerminal ? 'pretty' : 'json');
}

/**
 * One JSON object a line, or pino-pretty's lines: time, level, message, then the ids the line
 * carries (requestId, videoId, jobId, task) on the same line, so one video can be followed by grep.
 */
export function createLogger(level: string, format: LogFormat = 'json', destination?: Writable): Logger {
  const options = { level, base: undefined };
  if (format === 'json') return destination ? pino(options, destination) : pino(options);
  const pretty = require('pino-pretty') as typeof Pretty;
  const stream = pretty({
    colorize: destination ? false : Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });
  return pino(options, stream);
}
