// Runs a real SMTP server for the end-to-end tests (the app's SMTP_URL points at it), with an HTTP
// page a test reads the received messages from: GET /messages?to=<address> answers them as JSON,
// oldest first. FAKE_SMTP_AUTH=user:pass requires AUTH (after STARTTLS, which FAKE_SMTP_STARTTLS=1
// offers with a self-signed certificate); FAKE_SMTP_GREYLIST=n answers the first n recipients 451;
// FAKE_SMTP_REFUSE=1 refuses every recipient (550); FAKE_SMTP_REFUSE_DOMAIN=d refuses those at @d.
import http from 'node:http';
import { startSmtpCatcher } from '../support/smtp-catcher';

const smtpPort = Number(process.env.FAKE_SMTP_PORT ?? 12125);
const httpPort = Number(process.env.FAKE_SMTP_HTTP_PORT ?? 12126);

const [user, pass] = (process.env.FAKE_SMTP_AUTH ?? '').split(':');
const smtp = await startSmtpCatcher({
  port: smtpPort,
  ...(user && pass ? { auth: { user, pass } } : {}),
  starttls: process.env.FAKE_SMTP_STARTTLS === '1',
  transientFailures: Number(process.env.FAKE_SMTP_GREYLIST ?? 0),
  refuse: process.env.FAKE_SMTP_REFUSE === '1',
  ...(process.env.FAKE_SMTP_REFUSE_DOMAIN ? { refuseDomain: process.env.FAKE_SMTP_REFUSE_DOMAIN } : {}),
});
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://catcher');
  if (url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to');
  const messages = to ? smtp.messagesTo(to) : smtp.received;
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
});
server.listen(httpPort, '127.0.0.1', () =>
  console.log(`SMTP catcher at ${smtp.url}, messages at http://127.0.0.1:${httpPort}/messages`),
);
const stop = () => server.close(() => void smtp.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
