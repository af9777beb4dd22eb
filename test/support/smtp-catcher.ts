import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from './mail-parse';

export type { ReceivedMail } from './mail-parse';

/**
 * A real SMTP server on a free local port that keeps every message it receives, so a test can
 * send through nodemailer exactly as production does and read what arrived.
 */
export async function startSmtpCatcher(options: { port?: number } = {}) {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const matching = (to: string, subject?: RegExp) =>
    received.filter((mail) => mail.to.includes(to.toLowerCase()) && (!subject || subject.test(mail.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages to this address (and with this subject) so far. */
    messagesTo: matching,
    /** The latest message to this address (with this subject), waiting up to `timeoutMs` for a first one. */
    async waitFor(to: string, subject?: RegExp, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = matching(to, subject).at(-1);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `No e-mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
