import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database';
import { jobs, taskNames } from '../../jobs/catalog';
import { type Family, histogramSamples, renderFamilies } from './exposition';
import { JOB_SECONDS_BOUNDS } from './job-buckets';
import * as repo from './repo';
import { uploadTallies } from './uploads';

/** A worker silent longer than this is gone (worker/heartbeats.ts frees its jobs after as long). */
const WORKER_ALIVE_SECONDS = 30;

/** A failed video's reason without the refunded amount and ids, so one cause is one series. */
export function reasonLabel(reason: string): string {
  const words = reason
    .replace(/\s*Your [^ ]+ was refunded\.\s*$/, '')
    .replace(/\d+/g, 'N')
    .trim();
  return words.slice(0, 120) || 'unknown';
}

/** The series of this process: its HTTP requests, its uploads, its memory and event loop. */
export function processMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'subtitling_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (/api/upload-logs/:id), never the URL, so ids do not make new series.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  new Counter({
    name: 'subtitling_uploads_total',
    help: 'Videos uploaded and accepted by this server, by mode.',
    labelNames: ['mode'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [mode, tally] of uploadTallies()) this.inc({ mode }, tally.count);
    },
  });
  new Counter({
    name: 'subtitling_upload_bytes_total',
    help: 'Bytes of the videos uploaded and accepted by this server, by mode.',
    labelNames: ['mode'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [mode, tally] of uploadTallies()) this.inc({ mode }, tally.bytes);
    },
  });
  return registry;
}

/** The catalog's job names, then any other name found in the queue (jobs of an older version). */
function queueTasks(queue: repo.QueueRow[]): string[] {
  const names = taskNames.map((task) => jobs[task].name as string);
  return [...names, ...queue.map((row) => row.task).filter((task) => !names.includes(task))];
}

/** The series of the whole system, read from the database now: jobs, queue, workers, minutes, money. */
export async function systemFamilies(db: Db): Promise<Family[]> {
  const [queue, alive, durations, minutes, credits, failed] = await Promise.all([
    repo.queueByTask(db),
    repo.workersAlive(db, WORKER_ALIVE_SECONDS),
    repo.jobDurations(db, JOB_SECONDS_BOUNDS),
    repo.minutesProcessed(db),
    repo.creditTotals(db),
    repo.failures(db),
  ]);
  const failures = new Map<string, { step: string; reason: string; videos: number }>();
  for (const row of failed) {
    const reason = reasonLabel(row.reason);
    const key = `${row.step}\n${reason}`;
    const known = failures.get(key);
    failures.set(key, { step: row.step, reason, videos: (known?.videos ?? 0) + row.videos });
  }
  const credit = (kind: string) => (credits.find((row) => row.kind === kind)?.cents ?? 0) / 100;
  const oldest = Math.max(0, ...queue.map((row) => row.oldest_waiting_seconds ?? 0));
  return [
    {
      name: 'subtitling_job_duration_seconds',
      help: 'Job attempts by task and outcome (completed, retried, failed), from every worker.',
      type: 'histogram',
      samples: durations.flatMap((row) =>
        histogramSamples(
          { task: row.task, outcome: row.outcome },
          JOB_SECONDS_BOUNDS,
          row.at_or_below,
          row.seconds,
        ),
      ),
    },
    {
      name: 'subtitling_queue_jobs',
      help: 'Jobs in the queue now by task and state (waiting, running, failed: out of attempts).',
      type: 'gauge',
      // Every task of the catalog, at 0 when it has no job: an empty queue is a figure, not missing data.
      samples: queueTasks(queue).flatMap((task) =>
        (['waiting', 'running', 'failed'] as const).map((state) => ({
          labels: { task, state },
          value: queue.find((row) => row.task === task)?.[state] ?? 0,
        })),
      ),
    },
    {
      name: 'subtitling_queue_oldest_waiting_seconds',
      help: 'How long the oldest job ready to run has waited (0 when none waits).',
      type: 'gauge',
      samples: [{ labels: {}, value: oldest }],
    },
    {
      name: 'subtitling_workers_alive',
      help: 'Worker processes that sent a heartbeat in the last 30 seconds.',
      type: 'gauge',
      samples: [{ labels: {}, value: alive }],
    },
    {
      name: 'subtitling_minutes_processed_total',
      help: 'Minutes of video delivered with subtitles, by mode and subtitle language.',
      type: 'counter',
      samples: minutes.map((row) => ({
        labels: { mode: row.mode, language: row.language },
        value: row.minutes,
      })),
    },
    {
      name: 'subtitling_credits_euros_total',
      help: 'Credits in euros: sold (purchases), charged (uploads) and refunded, from the ledger.',
      type: 'counter',
      samples: [
        { labels: { kind: 'sold' }, value: credit('purchase') },
        { labels: { kind: 'charged' }, value: credit('charge') },
        { labels: { kind: 'refunded' }, value: credit('refund') },
      ],
    },
    {
      name: 'subtitling_video_failures_total',
      help: 'Videos failed for good, by the step that failed and the reason the customer reads.',
      type: 'counter',
      samples: [...failures.values()].map((row) => ({
        labels: { step: row.step, reason: row.reason },
        value: row.videos,
      })),
    },
  ];
}

export async function scrape(registry: Registry, db: Db): Promise<string> {
  const [own, system] = await Promise.all([registry.metrics(), systemFamilies(db)]);
  return `${own}\n${renderFamilies(system)}`;
}
