/** What a test reads of a received e-mail. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The first link of the plain text that points at the app. */
  links: string[];
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** The leaves of a MIME tree, each with its content type and decoded text. */
function parts(raw: string): { type: string; text: string }[] {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => parts(part.replace(/^\r?\n/, '')));
  }
  return [{ type: type.toLowerCase(), text: decodeBody(body, headers.get('content-transfer-encoding')) }];
}

/** A small parser for the messages nodemailer writes: headers, multipart/alternative, QP and base64. */
export function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const leaves = parts(raw);
  const text = leaves.find((part) => part.type.startsWith('text/plain'))?.text ?? '';
  const html = leaves.find((part) => part.type.startsWith('text/html'))?.text ?? '';
  return {
    from: headers.get('from') ?? '',
    to: envelopeTo,
    subject: decodeWords(headers.get('subject') ?? ''),
    text,
    html,
    links: [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
  };
}
