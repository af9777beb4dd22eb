// Runs a real SMTP server for the end-to-end tests (the app's SMTP_URL points at it), with an HTTP
// page a test reads the received messages from: GET /messages?to=<address> answers them as JSON,
// oldest first.
import http from 'node:http';
import { startSmtpCatcher } from '../support/smtp-catcher';

const smtpPort = Number(process.env.FAKE_SMTP_PORT ?? 12125);
const httpPort = Number(process.env.FAKE_SMTP_HTTP_PORT ?? 12126);

const smtp = await startSmtpCatcher({ port: smtpPort });
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
