import http from 'node:http';

/**
 * Sends a request on to `upstream` unchanged (method, path, headers, the Host header too, so S3
 * signatures and presigned links hold) with its body piped, for a proxy that watches the traffic.
 */
export function passOn(
  upstream: URL,
  request: http.IncomingMessage,
  onAnswer: (answer: http.IncomingMessage) => void,
  /** The request's body when the proxy already read it. */
  body?: Buffer,
): http.ClientRequest {
  const proxied = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
    },
    onAnswer,
  );
  if (body) proxied.end(body);
  else request.pipe(proxied);
  return proxied;
}
