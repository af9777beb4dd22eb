import { statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../test/fakes/fake-http';
import { startModelServer, TEST_MODEL_FILE, TEST_MODEL_SHA256 } from '../../test/fakes/model-server';
import type { WhisperModelEntry } from './model-catalog';
import { type DownloadProgress, type ModelConfig, resolveWhisperModel } from './models';
import { EngineRefused, EngineUnavailable } from './types';

const TEST_MODEL_BYTES = statSync(TEST_MODEL_FILE).size;
const catalog: WhisperModelEntry[] = [
  {
    name: 'test-tiny',
    approximateBytes: TEST_MODEL_BYTES,
    checksum: { algorithm: 'sha256', digest: TEST_MODEL_SHA256 },
  },
  {
    name: 'wrong-sum',
    approximateBytes: TEST_MODEL_BYTES,
    checksum: { algorithm: 'sha1', digest: '0'.repeat(40) },
  },
];

let dataDir: string;
let server: FakeServer | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'models-test-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

function config(baseUrl: string, name = 'test-tiny'): ModelConfig {
  return { WHISPER_MODEL: undefined, WHISPER_MODEL_NAME: name, WHISPER_MODEL_BASE_URL: baseUrl, dataDir };
}

const modelFiles = async () => (await readdir(path.join(dataDir, 'models')).catch(() => [])).sort();

describe('whisper model resolution', () => {
  it('uses WHISPER_MODEL when set, and says so clearly when the file is missing', async () => {
    const given = { ...config('http://127.0.0.1:9'), WHISPER_MODEL: TEST_MODEL_FILE };
    await expect(resolveWhisperModel(given)).resolves.toBe(TEST_MODEL_FILE);
    const missing = { ...given, WHISPER_MODEL: path.join(dataDir, 'nope.bin') };
    await expect(resolveWhisperModel(missing)).rejects.toThrow(
      /WHISPER_MODEL=.*nope\.bin: no such model file/,
    );
  });

  it('refuses a model name the catalog does not know, listing the known ones', async () => {
    const error = await resolveWhisperModel(config('http://127.0.0.1:9', 'huge'), { catalog }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EngineRefused);
    expect(String(error)).toMatch(/Unknown Whisper model "huge".*test-tiny, wrong-sum/);
  });

  it('downloads with progress, checks the checksum and reuses the verified file', async () => {
    server = await startModelServer({ chunkBytes: 10_000, chunkDelayMs: 5 });
    const progress: DownloadProgress[] = [];
    const file = await resolveWhisperModel(config(server.url), {
      catalog,
      onProgress: (step) => progress.push(step),
    });
    expect(file).toBe(path.join(dataDir, 'models', 'ggml-test-tiny.bin'));
    expect(await readFile(file)).toEqual(await readFile(TEST_MODEL_FILE));
    expect(server.requests.map((request) => request.path)).toEqual(['/ggml-test-tiny.bin']);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toEqual({
      receivedBytes: TEST_MODEL_BYTES,
      totalBytes: TEST_MODEL_BYTES,
      percent: 100,
    });
    expect(await modelFiles()).toEqual(['ggml-test-tiny.bin', 'ggml-test-tiny.bin.verified']);

    await expect(resolveWhisperModel(config(server.url), { catalog })).resolves.toBe(file);
    expect(server.requests).toHaveLength(1);
  });

  it('shares one download between concurrent callers', async () => {
    server = await startModelServer({ chunkBytes: 50_000, chunkDelayMs: 5 });
    const files = await Promise.all(
      [1, 2, 3].map(() => resolveWhisperModel(config(server?.url ?? ''), { catalog })),
    );
    expect(new Set(files).size).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a corrupt download and removes the partial file', async () => {
    server = await startModelServer({ corrupt: true });
    const error = await resolveWhisperModel(config(server.url), { catalog }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect(String(error)).toMatch(
      new RegExp(`is corrupt: sha256 [0-9a-f]{64}, expected ${TEST_MODEL_SHA256}`),
    );
    expect(await modelFiles()).toEqual([]);
  });

  it('refuses a file that does not match the catalog checksum', async () => {
    server = await startModelServer();
    await expect(resolveWhisperModel(config(server.url, 'wrong-sum'), { catalog })).rejects.toThrow(
      /is corrupt: sha1/,
    );
    expect(await modelFiles()).toEqual([]);
  });

  it('refuses a download cut halfway and removes the partial file', async () => {
    server = await startModelServer({ cutHalfway: true, chunkBytes: 32_000 });
    const progress: DownloadProgress[] = [];
    const error = await resolveWhisperModel(config(server.url), {
      catalog,
      onProgress: (step) => progress.push(step),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect(String(error)).toMatch(/was cut off/);
    expect(progress.at(-1)?.percent).toBeLessThan(100);
    expect(await modelFiles()).toEqual([]);
  });

  it('says which address failed when the model host cannot be reached or answers 404', async () => {
    await expect(resolveWhisperModel(config('http://127.0.0.1:9'), { catalog })).rejects.toThrow(
      /Cannot reach http:\/\/127\.0\.0\.1:9\/ggml-test-tiny\.bin/,
    );
    server = await startModelServer();
    await expect(resolveWhisperModel(config(`${server.url}/missing/`), { catalog })).rejects.toThrow(
      /HTTP 404/,
    );
  });

  it('checks a model file found without its marker, and fetches it again when it is damaged', async () => {
    server = await startModelServer();
    const target = path.join(dataDir, 'models', 'ggml-test-tiny.bin');
    await resolveWhisperModel(config(server.url), { catalog });
    await rm(`${target}.verified`);
    await expect(resolveWhisperModel(config(server.url), { catalog })).resolves.toBe(target);
    expect(server.requests).toHaveLength(1);

    await writeFile(target, 'damaged');
    const discarded: string[] = [];
    await resolveWhisperModel(config(server.url), { catalog, onDiscard: (file) => discarded.push(file) });
    expect(discarded).toEqual([target]);
    expect(server.requests).toHaveLength(2);
    expect(await readFile(target)).toEqual(await readFile(TEST_MODEL_FILE));
  });
});
