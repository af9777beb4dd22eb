import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../test/support/smtp-catcher';
import { createLogger } from '../logger';
import { composeMail } from './compose';
import { createMailer } from './mailer';

const smtp = await startSmtpCatcher();
afterAll(smtp.close);

const content = {
  subject: 'Vidéo prête',
  greeting: 'Hello Ann,',
  paragraphs: ['Your video "A <b>bold</b> talk" is ready.'],
  action: { label: 'Download', url: 'http://app.example/videos?x=1&y=2' },
  footer: 'You can switch these e-mails off on your profile.',
};

describe('mailer', () => {
  it('sends plain text and HTML through the SMTP server, from MAIL_FROM', async () => {
    const mailer = createMailer(
      { SMTP_URL: smtp.url, MAIL_FROM: 'Subtitling <no-reply@app.example>' },
      createLogger('silent'),
    );
    expect(mailer.configured).toBe(true);
    await mailer.send(composeMail('ann@example.com', content));
    const mail = await smtp.waitFor('ann@example.com');
    expect(mail.from).toBe('Subtitling <no-reply@app.example>');
    expect(mail.subject).toBe('Vidéo prête');
    expect(mail.text).toContain('Your video "A <b>bold</b> talk" is ready.');
    expect(mail.text).toContain('Download: http://app.example/videos?x=1&y=2');
    expect(mail.html).toContain('A &#60;b&#62;bold&#60;/b&#62; talk');
    expect(mail.html).toContain('href="http://app.example/videos?x=1&#38;y=2"');
  });

  it('writes the message to the log when SMTP_URL is unset', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x@example.com' }, logger);
    expect(mailer.configured).toBe(false);
    await mailer.send(composeMail('bob@example.com', content));
    expect(smtp.messagesTo('bob@example.com')).toHaveLength(0);
    const logged = JSON.parse(lines.join(''));
    expect(logged.msg).toContain('E-mail not configured');
    expect(logged.mail.text).toContain('Download: http://app.example/videos?x=1&y=2');
  });

  it('logs in over STARTTLS with the user and password of smtp://user:pass@host:587, and checks the certificate', async () => {
    const submission = await startSmtpCatcher({ auth: { user: 'mailer', pass: 's3cret' }, starttls: true });
    try {
      const url = `smtp://mailer:s3cret@127.0.0.1:${submission.port}`;
      // The catcher's certificate is self-signed: refused as it should be, unless trusted.
      const strict = createMailer({ SMTP_URL: url, MAIL_FROM: 'a@app.example' }, createLogger('silent'), {
        retryDelaysMs: [],
      });
      await expect(strict.send(composeMail('eve@example.com', content))).rejects.toThrow(/self-signed/);
      const trusting = createMailer(
        { SMTP_URL: `${url}/?tls.rejectUnauthorized=false`, MAIL_FROM: 'a@app.example' },
        createLogger('silent'),
      );
      await trusting.send(composeMail('eve@example.com', content));
      expect((await submission.waitFor('eve@example.com')).subject).toBe('Vidéo prête');
      expect(submission.deliveries).toEqual([{ secure: true, user: 'mailer' }]);

      const wrongPassword = createMailer(
        {
          SMTP_URL: `smtp://mailer:nope@127.0.0.1:${submission.port}/?tls.rejectUnauthorized=false`,
          MAIL_FROM: 'a@app.example',
        },
        createLogger('silent'),
        { retryDelaysMs: [1, 1] },
      );
      await expect(wrongPassword.send(composeMail('eve@example.com', content))).rejects.toThrow(/535/);
    } finally {
      await submission.close();
    }
  });

  it('tries a message again after a 4xx "try again later", and delivers it once', async () => {
    const greylisting = await startSmtpCatcher({ transientFailures: 2 });
    try {
      const mailer = createMailer(
        { SMTP_URL: greylisting.url, MAIL_FROM: 'a@app.example' },
        createLogger('silent'),
        {
          retryDelaysMs: [1, 1, 1],
        },
      );
      await mailer.send(composeMail('gus@example.com', content));
      expect(greylisting.attempts.map((attempt) => attempt.code)).toEqual([451, 451, 250]);
      expect(greylisting.messagesTo('gus@example.com')).toHaveLength(1);
    } finally {
      await greylisting.close();
    }
  });

  it('gives up at once on a refusal (5xx) and logs it when nobody waits for the send', async () => {
    const refusing = await startSmtpCatcher({ refuse: true });
    const lines: { msg: string; to?: string; err?: { message: string } }[] = [];
    let failureLogged = () => {};
    const logged = new Promise<void>((resolve) => {
      failureLogged = resolve;
    });
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          const line = JSON.parse(String(chunk));
          lines.push(line);
          if (line.msg === 'E-mail could not be sent') failureLogged();
          done();
        },
      }),
    );
    try {
      const mailer = createMailer({ SMTP_URL: refusing.url, MAIL_FROM: 'a@app.example' }, logger, {
        retryDelaysMs: [1, 1, 1],
      });
      await expect(mailer.send(composeMail('hal@example.com', content))).rejects.toThrow(/550/);
      expect(refusing.attempts).toEqual([{ to: 'hal@example.com', code: 550 }]);
      mailer.sendLater(composeMail('hal@example.com', content));
      await logged;
      expect(lines.find((line) => line.msg === 'E-mail could not be sent')).toMatchObject({
        to: 'hal@example.com',
        err: { message: expect.stringMatching(/550 5\.7\.1 Relaying denied/) },
      });
    } finally {
      await refusing.close();
    }
  });
});
