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
});
