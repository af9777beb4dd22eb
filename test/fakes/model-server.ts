import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import { sha256Of, testWhisperModel } from '../support/fixtures';
import { type FakeServer, listen, record } from './fake-http';

/** The test Whisper model (scripts/make-test-model.ts), served as if it were a real one. */
export const TEST_MODEL_FILE = testWhisperModel();
export const TEST_MODEL_SHA256 = sha256Of(TEST_MODEL_FILE);

export interface ModelServerOptions {
  port?: number;
  file?: string;
  /** Flips one byte in the middle: same length, wrong checksum. */
  corrupt?: boolean;
  /** Sends the full Content-Length, then drops the connection halfway through the body. */
  cutHalfway?: boolean;
  /** Body chunk size, so downloads report progress several times. */
  chunkBytes?: number;
  /** Pause between chunks, so concurrent callers overlap. */
  chunkDelayMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sendModel(response: http.ServerResponse, model: Buffer, options: ModelServerOptions) {
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const stopAt = options.cutHalfway ? Math.floor(model.length / 2) : model.length;
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': model.length });
  for (let offset = 0; offset < stopAt; offset += chunkBytes) {
    response.write(model.subarray(offset, Math.min(offset + chunkBytes, stopAt)));
    if (options.chunkDelayMs) await pause(options.chunkDelayMs);
  }
  if (options.cutHalfway) {
    // Let the first half reach the client, then break the connection as a network failure would.
    await pause(20);
    response.socket?.destroy();
    return;
  }
  response.end();
}

/** Serves `GET /ggml-<name>.bin` like the model host, with faults on demand. */
export async function startModelServer(options: ModelServerOptions = {}): Promise<FakeServer> {
  const original = await readFile(options.file ?? TEST_MODEL_FILE);
  const model = Buffer.from(original);
  if (options.corrupt) model.writeUInt8(model.readUInt8(model.length >> 1) ^ 0xff, model.length >> 1);
  const requests: FakeServer['requests'] = [];
  const server = await listen((request, response) => {
    const seen = record(request, Buffer.alloc(0));
    requests.push(seen);
    if (seen.method !== 'GET' || !/^\/ggml-[\w.-]+\.bin$/.test(seen.path)) {
      response.writeHead(404).end('Entry not found');
      return;
    }
    void sendModel(response, model, options);
  }, options.port);
  return { ...server, requests };
}
