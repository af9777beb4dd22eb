import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../server/logger';

/**
 * A logger that keeps the messages it is given, so a test can wait for the line a process writes
 * when something happened to it (a connection lost, a run it could not record) instead of a delay.
 */
export function recordingLogger(level = 'warn') {
  const messages: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        messages.push(String((JSON.parse(line) as { msg?: unknown }).msg ?? ''));
      done();
    },
  });
  const logger: Logger = createLogger(level, 'json', destination);
  return {
    logger,
    /** Where the log is now: `loggedSince` looks only at what comes after it. */
    mark: () => messages.length,
    /** Whether a message containing each of `texts` was logged after `mark`. */
    loggedSince: (mark: number, ...texts: string[]) =>
      texts.every((text) => messages.slice(mark).some((message) => message.includes(text))),
  };
}
