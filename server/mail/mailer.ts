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
  /** Tries again after a transient failure (4xx, lost connection), a bounded number of times. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait (a request must not wait on SMTP). A failure (refused for
   * good, or retries spent) is logged and handed to `onFailure`, so the screen that promised the
   * mail can say it was not sent.
   */
  sendLater(message: MailMessage, onFailure?: (error: unknown) => Promise<unknown>): void;
}

export interface MailerOptions {
  /** Pauses before trying a message again after a transient failure; attempts = pauses + 1. */
  retryDelaysMs?: readonly number[];
}

/** Greylisting and busy servers answer 4xx, "try again later"; so does a lost connection. */
const DEFAULT_RETRY_DELAYS_MS = [2_000, 15_000, 60_000];

/** A 4xx answer or a failure before any answer (connection, timeout) may pass later; a 5xx will not. */
function isTransient(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code >= 400 && code < 500 : true;
}

export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  logger: Logger,
  options: MailerOptions = {},
): Mailer {
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
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
    const mail = { from: config.MAIL_FROM, ...message };
    for (let attempt = 0; ; attempt++) {
      try {
        await (await transporter()).sendMail(mail);
        break;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined || !isTransient(error)) throw error;
        logger.warn(
          { err: error, to: message.to, subject: message.subject },
          `E-mail not accepted yet, trying again in ${delay} ms`,
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    logger.debug({ to: message.to, subject: message.subject }, 'E-mail sent');
  };

  return {
    configured: Boolean(smtpUrl),
    send,
    sendLater(message, onFailure) {
      send(message).catch(async (error: unknown) => {
        logger.error({ err: error, to: message.to, subject: message.subject }, 'E-mail could not be sent');
        await onFailure?.(error).catch((recording: unknown) =>
          logger.error({ err: recording, to: message.to }, 'The failed e-mail could not be recorded'),
        );
      });
    },
  };
}
