import type { MailMessage } from './mailer';

/** A message in the product's voice: paragraphs, an optional button, the same words as plain text and HTML. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Below the button, e.g. how long a link works or why the message came. */
  footer?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function composeMail(to: string, content: MailContent): MailMessage {
  const { subject, greeting, paragraphs, action, footer } = content;
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footer ? [footer] : []),
    '— Subtitling',
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>` +
        `<p style="font-size:13px;color:#52606d">Or open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
      : '',
    footer ? `<p style="font-size:13px;color:#52606d">${escapeHtml(footer)}</p>` : '',
    '<p>— Subtitling</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
