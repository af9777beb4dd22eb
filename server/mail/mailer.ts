import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail through SMTP_URL; without it, writes each message to the log instead. */
export interface Mailer {
  /** False when SMTP_URL is unset: screens that depend on e-mail say so. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
  /** Sends without making the caller wait; a failure is logged (a request must not wait on SMTP). */
  sendLater(message: MailMessage): void;
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, logger: Logger): Mailer {
  const smtpUrl = config.SMTP_URL;
  let transport: Promise<Transporter> | null = null;
  // nodemailer loads on the first message, so a server that sends none stays small.
  const transporter = () => {
    transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(smtpUrl));
    return transport;
  };

  const send = async (message: MailMessage) => {
    if (!smtpUrl) {
      logger.info(
        { mail: message },
        `E-mail not configured (SMTP_URL): "${message.subject}" to ${message.to}`,
      );
      return;
    }
    await (await transporter()).sendMail({ from: config.MAIL_FROM, ...message });
    logger.debug({ to: message.to, subject: message.subject }, 'E-mail sent');
  };

  return {
    configured: Boolean(smtpUrl),
    send,
    sendLater(message) {
      send(message).catch((error: unknown) =>
        logger.error({ err: error, to: message.to, subject: message.subject }, 'E-mail could not be sent'),
      );
    },
  };
}
