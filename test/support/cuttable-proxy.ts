import net from 'node:net';
import { afterAll } from 'vitest';

export interface CuttableProxy {
  url: string;
  /**
   * Arms a fault: once a connection has carried `afterBytes` towards the server, every connection is
   * cut and new ones are refused for `downMs`, as a store that restarts in the middle of a transfer.
   */
  cutAfter(afterBytes: number, downMs: number): void;
  /** How many times the armed fault fired. */
  cuts(): number;
}

/** A TCP proxy in front of a local server, that can cut its connections mid-stream on demand. */
export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const open = new Set<net.Socket>();
  let armed: { afterBytes: number; downMs: number } | null = null;
  let downUntil = 0;
  let cuts = 0;
  const cutAll = (downMs: number) => {
    cuts++;
    downUntil = Date.now() + downMs;
    for (const socket of open) socket.destroy();
  };
  const server = net.createServer((client) => {
    if (Date.now() < downUntil) return void client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    let sent = 0;
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (armed && sent >= armed.afterBytes) {
        const { downMs } = armed;
        armed = null;
        return cutAll(downMs);
      }
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cutAfter: (afterBytes, downMs) => {
      armed = { afterBytes, downMs };
    },
    cuts: () => cuts,
  };
}
