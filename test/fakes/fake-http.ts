import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake server saw of one request, for tests to assert on. */
export interface RecordedRequest {
  method: string;
  /** As received: path and query string. */
  url: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
}

/** A scripted failure: answer `status` to the next `times` requests (for ever when omitted). */
export interface ScriptedFailure {
  status: number;
  times?: number;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export function record(request: http.IncomingMessage, body: Buffer): RecordedRequest {
  const url = new URL(request.url ?? '/', 'http://fake');
  return {
    method: request.method ?? 'GET',
    url: request.url ?? '/',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
    bodyBytes: body.length,
  };
}

/** Takes the status of the next scripted failure, if any is left. */
export function nextFailure(failures: ScriptedFailure[]): number | null {
  const failure = failures[0];
  if (!failure) return null;
  if (failure.times !== undefined) {
    failure.times -= 1;
    if (failure.times <= 0) failures.shift();
  }
  return failure.status;
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** Starts a server on 127.0.0.1 (any free port unless given) and closes it with its connections. */
export async function listen(
  handler: http.RequestListener,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
