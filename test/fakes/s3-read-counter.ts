import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { passOn } from './pass-on';

export interface S3ReadCounter {
  /** The endpoint to give the app (S3_ENDPOINT): presigned links name it too. */
  url: string;
  /** Body bytes the store sent for GETs of this key since the last reset. */
  bytesRead(key: string): number;
  reset(): void;
  /** Stops listening and cuts open connections: the store unreachable, connections refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /**
   * Stops the store (as `stop`) the moment a ranged GET of this key, one that starts past the
   * file's first byte (a reader that seeked into its stretch), has carried `bytes`: the reader is
   * cut mid-stretch however fast it reads. Resolves once the store is down.
   */
  stopWithinStretch(key: string, bytes: number): Promise<void>;
}

/**
 * A pass-through proxy in front of an S3 server (s3rver) that counts, per object key, the body
 * bytes the store answered GETs with: how much of a file a reader really
 * fetched. Requests pass unchanged (the Host header too, so signatures and presigned links hold).
 */
export async function startS3ReadCounter(target: string, bucket: string): Promise<S3ReadCounter> {
  const upstream = new URL(target);
  const bytes = new Map<string, number>();
  let cut: { key: string; bytes: number; done: () => void } | undefined;
  const rangeStart = (range: string | undefined) => Number(/^bytes=(\d+)-/.exec(range ?? '')?.[1] ?? 0);
  const keyOf = (requestUrl: string) => {
    const { pathname } = new URL(requestUrl, 'http://proxy');
    const prefix = `/${bucket}/`;
    return pathname.startsWith(prefix) ? decodeURIComponent(pathname.slice(prefix.length)) : '';
  };
  const server = http.createServer((request, response) => {
    const key = request.method === 'GET' ? keyOf(request.url ?? '/') : '';
    const ranged = rangeStart(request.headers.range) > 0;
    let carried = 0;
    const proxied = passOn(upstream, request, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on('data', (chunk: Buffer) => {
        if (key) bytes.set(key, (bytes.get(key) ?? 0) + chunk.length);
        carried += chunk.length;
        if (cut && cut.key === key && ranged && carried >= cut.bytes) {
          const { done } = cut;
          cut = undefined;
          answer.unpipe(response);
          void stop().then(done);
        }
      });
      answer.pipe(response);
      // A reader that hangs up (ffmpeg seeking elsewhere) stops the store's answer too.
      response.on('close', () => answer.destroy());
    });
    proxied.on('error', () => response.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  afterAll(stop);
  return {
    url: `http://127.0.0.1:${port}`,
    bytesRead: (key) => bytes.get(key) ?? 0,
    reset() {
      bytes.clear();
    },
    stop,
    start: () => listen(port),
    stopWithinStretch: (key, count) =>
      new Promise<void>((done) => {
        cut = { key, bytes: count, done };
      }),
  };
}
