import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../test/fakes/fake-http';
import { startModelServer, TEST_MODEL_FILE, TEST_MODEL_SHA256 } from '../../test/fakes/model-server';
import { until } from '../../test/support/waiting';
import { createLogger } from '../logger';
import type { WhisperModelEntry } from './model-catalog';
import type { ModelConfig } from './models';
import { publicSpeechState, retryDelayMs, type SpeechReadiness, whisperReadiness } from './speech-readiness';

const catalog: WhisperModelEntry[] = [
  {
    name: 'test-tiny',
    approximateBytes: 65_660,
    checksum: { algorithm: 'sha256', digest: TEST_MODEL_SHA256 },
  },
];
const logger = createLogger('silent');
let dataDir: string;
let server: FakeServer | undefined;
let readiness: SpeechReadiness | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'speech-readiness-'));
});
afterEach(async () => {
  readiness?.stop();
  await server?.close();
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

function config(baseUrl: string): ModelConfig {
  return {
    WHISPER_MODEL: undefined,
    WHISPER_MODEL_NAME: 'test-tiny',
    WHISPER_MODEL_BASE_URL: baseUrl,
    dataDir,
  };
}

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('speech engine readiness', () => {
  it('fetches a missing model in the background, with progress, and is ready once it is checked', async () => {
    server = await startModelServer({ chunkBytes: 10_000, chunkDelayMs: 5 });
    readiness = whisperReadiness(config(server.url), logger, { catalog });
    expect(readiness.current()).toEqual({ state: 'preparing', percent: null });
    const seen: (number | null)[] = [];
    const watching = setInterval(() => {
      const now = readiness?.current();
      if (now?.state === 'preparing') seen.push(now.percent);
    }, 2);
    const settled = await readiness.prepare();
    clearInterval(watching);
    expect(settled).toEqual({ state: 'ready' });
    expect(readiness.current()).toEqual({ state: 'ready' });
    expect(seen.some((percent) => percent !== null && percent > 0 && percent < 100)).toBe(true);
    expect(existsSync(path.join(dataDir, 'models', 'ggml-test-tiny.bin'))).toBe(true);
  });

  it('is unavailable with the technical cause while the host cannot be reached, and ready after a later try', async () => {
    const port = await freePort();
    readiness = whisperReadiness(config(`http://127.0.0.1:${port}`), logger, {
      catalog,
      retryDelay: () => 50,
    });
    const failed = await readiness.prepare();
    expect(failed).toMatchObject({
      state: 'unavailable',
      cause: expect.stringContaining(`127.0.0.1:${port}`),
    });
    // Customers' screens get the state, never the address or the error code.
    expect(publicSpeechState(failed)).toEqual({ state: 'unavailable' });
    server = await startModelServer({ port });
    await until(
      async () => (readiness?.current().state === 'ready' ? true : undefined),
      10_000,
      'the retried download',
    );
  });

  it('with WHISPER_MODEL, is unavailable while the file is missing and ready as soon as it is there', async () => {
    const file = path.join(dataDir, 'placed-later.bin');
    readiness = whisperReadiness({ ...config('http://127.0.0.1:9'), WHISPER_MODEL: file }, logger);
    expect(readiness.current()).toMatchObject({
      state: 'unavailable',
      cause: expect.stringContaining('no such model file'),
    });
    await copyFile(TEST_MODEL_FILE, file);
    expect(readiness.current()).toEqual({ state: 'ready' });
  });

  it('waits longer after each failed download, at most a quarter of an hour', () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 900_000]);
  });
});
