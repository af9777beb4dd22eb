import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from './mail-parse';

export type { ReceivedMail } from './mail-parse';

export interface SmtpCatcherOptions {
  port?: number;
  /** AUTH required with these credentials, and refused before STARTTLS, as a submission server (587) does. */
  auth?: { user: string; pass: string };
  /** STARTTLS offered, with a self-signed certificate for 127.0.0.1 made for this server. */
  starttls?: boolean;
  /** The first this many recipients are answered 451 (try again later), as a greylisting server does. */
  transientFailures?: number;
  /** Every recipient is refused for good (550). */
  refuse?: boolean;
  /** Recipients at this domain are refused for good (550), as a server refuses a domain it does not serve. */
  refuseDomain?: string;
}

/** How a message arrived: over TLS or not, and as which user. */
export interface Delivery {
  secure: boolean;
  user: string | undefined;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with the openssl command. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'smtp-catcher-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
        .concat(['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'])
        .concat(['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost']),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * A real SMTP server on a free local port that keeps every message it receives, so a test can
 * send through nodemailer exactly as production does and read what arrived. Options make it as
 * strict as a provider's submission port (AUTH after STARTTLS), or greylisting, or refusing.
 */
export async function startSmtpCatcher(options: SmtpCatcherOptions = {}) {
  const received: ReceivedMail[] = [];
  const deliveries: Delivery[] = [];
  /** Every RCPT TO the server answered, with its answer's code. */
  const attempts: { to: string; code: number }[] = [];
  let transientLeft = options.transientFailures ?? 0;
  const waiters = new Set<() => void>();
  const certificate = options.starttls ? selfSignedCertificate() : undefined;
  const server = new SMTPServer({
    authOptional: !options.auth,
    allowInsecureAuth: false,
    authMethods: ['PLAIN', 'LOGIN'],
    ...(certificate ? { key: certificate.key, cert: certificate.cert } : { disabledCommands: ['STARTTLS'] }),
    logger: false,
    onAuth(auth, _session, callback) {
      const expected = options.auth;
      if (expected && auth.username === expected.user && auth.password === expected.pass)
        return callback(null, { user: auth.username });
      callback(smtpError('Invalid username or password', 535));
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (options.refuse || (options.refuseDomain && to.endsWith(`@${options.refuseDomain}`))) {
        attempts.push({ to, code: 550 });
        return callback(smtpError('5.7.1 Relaying denied', 550));
      }
      if (transientLeft > 0) {
        transientLeft -= 1;
        attempts.push({ to, code: 451 });
        return callback(smtpError('4.7.1 Greylisted, try again later', 451));
      }
      attempts.push({ to, code: 250 });
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        deliveries.push({ secure: session.secure, user: session.user as string | undefined });
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
    port,
    /** The certificate STARTTLS presents (to trust it), when offered. */
    certificate: certificate?.cert,
    received,
    deliveries,
    attempts,
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
      deliveries.length = 0;
      attempts.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
