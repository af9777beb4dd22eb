import type { AdminDashboard, DashboardPeriod } from '../../../shared/schemas/dashboard';
import type { Db } from '../../db/database';
import { jobs, videoPipeline } from '../../jobs/catalog';
import { failureRates, minutesPerDay, moneyPerDay, periodDays, startOf, workersNow } from './derive';
import * as repo from './repo';

/** A worker silent longer than this is gone (worker/heartbeats.ts frees its jobs then). */
const WORKER_ALIVE_SECONDS = 30;
const SHOWN_FAILURES = 10;
const SHOWN_COMPANIES = 5;

const STEP_LABELS: Record<(typeof videoPipeline)[number], string> = {
  extractAudio: 'Audio',
  transcribeVideo: 'Transcription',
  makeSubtitles: 'Subtitles',
  burnInVideo: 'Burn-in',
};
/** A burn-in is spread over jobs (migration 0019): a segment's or the join's failure is the burn-in's. */
const JOBS_OF_STEP: Partial<Record<(typeof videoPipeline)[number], string[]>> = {
  burnInVideo: [jobs.burnSegment.name, jobs.joinBurnedSegments.name],
};
const STEPS = videoPipeline.map((step) => ({
  tasks: [jobs[step].name, ...(JOBS_OF_STEP[step] ?? [])] as [string, ...string[]],
  label: STEP_LABELS[step],
}));

/** Everything the admin dashboard shows for the last `days` days, in one round of queries. */
export async function adminDashboard(
  db: Db,
  days: DashboardPeriod,
  now = new Date(),
): Promise<AdminDashboard> {
  const period = periodDays(now, days);
  const from = period[0] ?? now.toISOString().slice(0, 10);
  const since = startOf(from);
  const [minutes, money, endings, queue, failed, workers, companies] = await Promise.all([
    repo.minutesByDayAndMode(db, since),
    repo.moneyByDayAndKind(db, since),
    repo.jobEndingsByTask(db, from),
    repo.queueCounts(db),
    repo.failedSince(db, new Date(now.getTime() - 24 * 3600 * 1000), SHOWN_FAILURES),
    repo.workersWithJobs(db, WORKER_ALIVE_SECONDS),
    repo.lowestBalances(db, SHOWN_COMPANIES),
  ]);
  return {
    days,
    from,
    minutesPerDay: minutesPerDay(period, minutes),
    moneyPerDay: moneyPerDay(period, money),
    failureRateByStep: failureRates(STEPS, endings),
    queue: {
      waiting: queue.waiting,
      running: queue.running,
      failedLast24h: failed.failed,
      failures: failed.latest.map((row) => ({
        task: row.task,
        videoId: row.video_id,
        error: row.error ?? '',
        at: row.finished_at.toISOString(),
      })),
    },
    workers: workersNow(workers),
    lowestBalances: companies.map((company) => ({
      id: company.id,
      name: company.name,
      balance: Number(company.credits_cents) / 100,
    })),
  };
}
