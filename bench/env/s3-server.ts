import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import S3rver from 's3rver';

const run = promisify(execFile);
const SEND_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3-send-file.ts');

export interface BenchS3Server {
  /** The settings that point the app at it (STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** Removes every object under `videos/`, as a round's cleanup. */
  clearVideos(): Promise<void>;
  /**
   * Sends a file from disk straight into the bucket (under `videos/`) with the product's own
   * multipart upload, from a process of its own as the app is: the seconds it took.
   */
  sendFileSeconds(file: string): Promise<number>;
  close(): Promise<void>;
}

const BUCKET = 'subtitling-bench';

/**
 * An S3-compatible server (s3rver) on a free local port, its objects under `directory`: the bucket a
 * server with STORAGE=s3 stores into, on the same machine and disk as the bench's sinks.
 */
export async function startBenchS3Server(directory: string): Promise<BenchS3Server> {
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver's fixed credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    env,
    // s3rver keeps each object as a folder of files under directory/bucket/key.
    clearVideos: () => rm(path.join(directory, BUCKET, 'videos'), { recursive: true, force: true }),
    async sendFileSeconds(file) {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', SEND_FILE, file, `videos/sent-straight/${path.basename(file)}`],
        { env: { ...process.env, ...env } },
      );
      return (JSON.parse(stdout) as { seconds: number }).seconds;
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
