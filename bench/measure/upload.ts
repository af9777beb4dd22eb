import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_BUFFER_BYTES } from '../../server/http/upload-buffer';
import { payingUser } from '../env/accounts';
import { type AppProcess, startAppProcess } from '../env/app-process';
import type { BenchDatabase } from '../env/database';
import { curlUpload, uploadedVideoId } from './upload-curl';

export interface UploadMeasurements {
  bytes: number;
  /** Bytes per second, per repeat. */
  discardSink: number[];
  diskSink: number[];
  server: number[];
  /** Server process memory, bytes: settled after start, and the kernel's peak (VmHWM) after all uploads. */
  idleRss: number;
  peakRss: number;
  /** Highest VmRSS seen by sampling every 50 ms during the uploads (a cross-check of VmHWM). */
  sampledPeakRss: number;
}

interface Sink {
  url: string;
  close(): Promise<void>;
}

/**
 * A plain HTTP server that takes the body and answers 200: discarding it, or writing it to a file
 * through the same buffer size the product's upload uses, so only the endpoint's own work differs.
 */
async function startSink(writeTo: string | null): Promise<Sink> {
  const server = http.createServer((request, response) => {
    const done = () => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (!writeTo) {
      request.resume();
      request.on('end', done);
      return;
    }
    pipeline(request, createWriteStream(writeTo, { highWaterMark: UPLOAD_BUFFER_BYTES }))
      .then(() => rm(writeTo, { force: true }))
      .then(done, () => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sink`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface UploadPlan {
  file: string;
  bytes: number;
  repeats: number;
  dataDir: string;
  database: BenchDatabase;
  log: (line: string) => void;
}

/** Samples the process's resident memory every 50 ms: a cross-check of the kernel's VmHWM. */
function sampleRss(app: AppProcess) {
  let highest = 0;
  const timer = setInterval(() => {
    app.memory().then(
      (memory) => {
        highest = Math.max(highest, memory.rss);
      },
      () => {},
    );
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return highest;
    },
  };
}

interface Targets {
  discard: Sink;
  disk: Sink;
  app: AppProcess;
  token: string;
}

/** One round: the same file to each sink and to the endpoint; bytes per second of each. */
async function uploadRound(plan: UploadPlan, targets: Targets) {
  const files = [{ name: 'file', path: plan.file, type: 'video/mp4' }];
  const rate = (seconds: number) => plan.bytes / seconds;
  const toDiscard = await curlUpload({ url: targets.discard.url, files });
  const toDisk = await curlUpload({ url: targets.disk.url, files });
  const toServer = await curlUpload({
    url: `${targets.app.url}/api/upload-log`,
    token: targets.token,
    fields: { title: 'big upload', rso: 'full-text', in_lan: 'en', out_lan: 'en' },
    files,
  });
  const videoId = uploadedVideoId(toServer);
  // Its first job would run in the next app with a worker, on a file removed below: drop it.
  await plan.database.pool.query('SELECT graphile_worker.remove_job($1)', [`audio:${videoId}`]);
  // The accepted upload is stored under DATA_DIR/files: 1.5 GB of disk per round.
  await rm(path.join(plan.dataDir, 'files', 'videos'), { recursive: true, force: true });
  return { discard: rate(toDiscard.seconds), disk: rate(toDisk.seconds), server: rate(toServer.seconds) };
}

/**
 * The same file posted by curl as multipart to a plain sink (discarding, or writing to disk) and to
 * the real endpoint of a fresh server process (worker off, so only the upload runs in it).
 */
export async function measureUpload(plan: UploadPlan): Promise<UploadMeasurements> {
  const discard = await startSink(null);
  const disk = await startSink(path.join(plan.dataDir, 'sink-copy.bin'));
  const app = await startAppProcess({
    databaseUrl: plan.database.url,
    dataDir: plan.dataDir,
    worker: false,
    // Generate uploads are refused while no speech engine can run (no Whisper model here); a cloud
    // engine counts as ready. Nothing is transcribed (worker off), so its SDK never even loads.
    env: { DEEPGRAM_API_KEY: 'bench-upload-only', DEEPGRAM_API_BASE: 'http://127.0.0.1:9' },
    log: plan.log,
  });
  const sampler = sampleRss(app);
  try {
    const user = await payingUser(app.url, 'uploader');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const result: UploadMeasurements = {
      bytes: plan.bytes,
      discardSink: [],
      diskSink: [],
      server: [],
      idleRss: (await app.memory()).rss,
      peakRss: 0,
      sampledPeakRss: 0,
    };
    for (let repeat = 0; repeat < plan.repeats; repeat++) {
      const round = await uploadRound(plan, { discard, disk, app, token: user.token });
      result.discardSink.push(round.discard);
      result.diskSink.push(round.disk);
      result.server.push(round.server);
      const mbps = (value: number) => `${(value / 1e6).toFixed(0)} MB/s`;
      plan.log(
        `  upload ${repeat + 1}: sink ${mbps(round.discard)}, disk sink ${mbps(round.disk)}, server ${mbps(round.server)}`,
      );
    }
    result.peakRss = (await app.memory()).peak;
    result.sampledPeakRss = sampler.stop();
    return result;
  } finally {
    sampler.stop();
    await app.stop();
    await discard.close();
    await disk.close();
  }
}
