import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_BUFFER_BYTES } from '../../server/http/upload-buffer';
import { startFakeDeepgram } from '../../test/fakes/deepgram';
import { payingUser } from '../env/accounts';
import { type AppProcess, startAppProcess } from '../env/app-process';
import type { BenchDatabase } from '../env/database';
import { sampleWordsFor } from '../inputs/clips';
import { cpuSecondsOf } from '../load-watch';
import { waitForIdleWorker, waitUntilSettled } from './pipeline-run';
import { curlUpload, uploadedVideoId } from './upload-curl';

const DEEPGRAM_KEY = 'bench-upload-key';
/** The clip at the head of the upload is seconds long: a minute is ample for its processing. */
const SETTLE_MS = 60_000;

export interface UploadMeasurements {
  bytes: number;
  /** Bytes per second, per repeat. */
  discardSink: number[];
  diskSink: number[];
  server: number[];
  /**
   * Server process memory, bytes: settled after start and the bench's sign-up; the kernel's peak
   * (VmHWM) before the uploads (start-up and sign-up: an Argon2 hash takes 19 MiB); and the peak
   * while uploading, VmHWM started again from the settled memory just before the first upload.
   */
  idleRss: number;
  startupPeakRss: number;
  peakRss: number;
  /** Highest VmRSS seen by sampling every 50 ms during the uploads (a cross-check of VmHWM). */
  sampledPeakRss: number;
  /**
   * Bytes per second of the same file sent from disk straight into the store the endpoint stores
   * into, per repeat (the S3 run only; empty otherwise).
   */
  directStore: number[];
  /** Wall seconds of each upload to the endpoint, and the CPU seconds used meanwhile by: */
  serverSeconds: number[];
  /** the server process, */
  serverCpuSeconds: number[];
  /**
   * and the bench's own process: in the S3 run mostly the object store (s3rver runs inside it), in
   * the disk run next to nothing.
   */
  benchCpuSeconds: number[];
}

interface Sink {
  url: string;
  /** The file the sink stores the body in, if it stores it. */
  file: string | null;
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
    // Like the endpoint, it answers once the body is stored; the copy is removed outside the timing.
    pipeline(request, createWriteStream(writeTo, { highWaterMark: UPLOAD_BUFFER_BYTES })).then(done, () =>
      response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sink`,
    file: writeTo,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface UploadPlan {
  file: string;
  /** Seconds of video at the head of the file (the rest is a `free` box). */
  clipSeconds: number;
  bytes: number;
  repeats: number;
  dataDir: string;
  database: BenchDatabase;
  log: (line: string) => void;
  /** The first app of a run may build the client and server bundle before it answers. */
  startTimeoutMs?: number;
  /** More settings of the server process (the storage, for the S3 run). */
  appEnv?: Record<string, string>;
  /** Removes what the endpoint stored, between rounds; by default its files under DATA_DIR. */
  clearStored?: () => Promise<void>;
  /** The uploading account's name: each run on the bench's database signs up its own. */
  account?: string;
  /** Sends the file straight into the endpoint's store, in seconds: the store's own speed. */
  sendToStore?: (file: string) => Promise<number>;
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
  // Neither side deletes what it stored inside the timing: the sink's copy goes here, the
  // endpoint's once its video is processed.
  if (targets.disk.file) await rm(targets.disk.file, { force: true });
  const serverCpuBefore = await cpuSecondsOf(targets.app.pid);
  const benchCpuBefore = process.cpuUsage();
  const toServer = await curlUpload({
    url: `${targets.app.url}/api/upload-log`,
    token: targets.token,
    fields: { title: 'big upload', rso: 'full-text', in_lan: 'en', out_lan: 'en' },
    files,
  });
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const cpu = {
    server: (await cpuSecondsOf(targets.app.pid)) - serverCpuBefore,
    bench: (benchCpu.user + benchCpu.system) / 1e6,
  };
  const videoId = uploadedVideoId(toServer);
  // The inline worker processes the upload as it would for a user; the next round waits for it.
  await waitUntilSettled(plan.database, videoId, SETTLE_MS);
  await waitForIdleWorker(plan.database, SETTLE_MS);
  const direct = plan.sendToStore ? rate(await plan.sendToStore(plan.file)) : null;
  // The accepted upload is stored (under DATA_DIR/files, or in the bucket): 1.5 GB of disk per round.
  if (plan.clearStored) await plan.clearStored();
  else await rm(path.join(plan.dataDir, 'files', 'videos'), { recursive: true, force: true });
  return {
    discard: rate(toDiscard.seconds),
    disk: rate(toDisk.seconds),
    server: rate(toServer.seconds),
    serverSeconds: toServer.seconds,
    cpu,
    direct,
  };
}

/**
 * The same file posted by curl as multipart to a plain sink (discarding, or writing to disk) and to
 * the real endpoint of a fresh server process with its inline worker, as `npm start` runs it; the
 * worker transcribes through Deepgram on a local fake answering at once.
 */
export async function measureUpload(plan: UploadPlan): Promise<UploadMeasurements> {
  const discard = await startSink(null);
  const disk = await startSink(path.join(plan.dataDir, 'sink-copy.bin'));
  const deepgram = await startFakeDeepgram({
    apiKey: DEEPGRAM_KEY,
    words: sampleWordsFor(plan.clipSeconds),
  });
  const app = await startAppProcess({
    databaseUrl: plan.database.url,
    dataDir: plan.dataDir,
    worker: true,
    env: { DEEPGRAM_API_KEY: DEEPGRAM_KEY, DEEPGRAM_API_BASE: deepgram.url, ...plan.appEnv },
    log: plan.log,
    startTimeoutMs: plan.startTimeoutMs,
  }).catch(async (error: unknown) => {
    await deepgram.close();
    throw error;
  });
  let sampler: ReturnType<typeof sampleRss> | undefined;
  try {
    const user = await payingUser(app.url, plan.account ?? 'uploader');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const settled = await app.memory();
    await app.resetPeakMemory();
    sampler = sampleRss(app);
    const result: UploadMeasurements = {
      bytes: plan.bytes,
      discardSink: [],
      diskSink: [],
      server: [],
      idleRss: settled.rss,
      startupPeakRss: settled.peak,
      peakRss: 0,
      sampledPeakRss: 0,
      directStore: [],
      serverSeconds: [],
      serverCpuSeconds: [],
      benchCpuSeconds: [],
    };
    for (let repeat = 0; repeat < plan.repeats; repeat++) {
      const round = await uploadRound(plan, { discard, disk, app, token: user.token });
      result.discardSink.push(round.discard);
      result.diskSink.push(round.disk);
      result.server.push(round.server);
      if (round.direct !== null) result.directStore.push(round.direct);
      result.serverSeconds.push(round.serverSeconds);
      result.serverCpuSeconds.push(round.cpu.server);
      result.benchCpuSeconds.push(round.cpu.bench);
      const mbps = (value: number) => `${(value / 1e6).toFixed(0)} MB/s`;
      plan.log(
        `  upload ${repeat + 1}: sink ${mbps(round.discard)}, disk sink ${mbps(round.disk)}, server ${mbps(round.server)}${round.direct === null ? '' : `, straight into the store ${mbps(round.direct)}`}`,
      );
    }
    result.peakRss = (await app.memory()).peak;
    result.sampledPeakRss = sampler.stop();
    return result;
  } finally {
    sampler?.stop();
    await app.stop();
    await deepgram.close();
    await discard.close();
    await disk.close();
  }
}
