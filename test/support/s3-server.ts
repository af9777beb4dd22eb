import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

/** s3rver's fixed credentials: the SDK signs every request with them, as against a real store. */
const CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export type StorageMode = 'disk' | 's3';

export interface TestS3Server {
  /** The environment that points a process at this server (STORAGE=s3 and the S3_* settings). */
  env: Record<string, string>;
  bucket: string;
  /** Stops answering at once (open connections cut), as a store that goes down. */
  stop(): Promise<void>;
  /** Serves again on the same port, with the objects it held. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible HTTP server (s3rver) on a free local port, its objects in a temporary folder,
 * with one bucket; closed and removed when the test file ends.
 */
export async function startS3Server(bucket = 'subtitling-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'subtitling-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    if (server) return;
    const instance = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    port = (await instance.run()).port;
    server = instance;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = running.close();
    running.httpServer?.closeAllConnections();
    await closed;
  };
  await start();
  const close = async () => {
    await stop();
    await rm(directory, { recursive: true, force: true });
  };
  afterAll(close);
  return {
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      ...CREDENTIALS,
    },
    stop,
    start,
    close,
  };
}

/** The environment of a test app in this storage mode: nothing for disk, a fresh S3 server for s3. */
export async function storageEnv(mode: StorageMode): Promise<Record<string, string>> {
  return mode === 's3' ? (await startS3Server()).env : {};
}
