import type {
  Day,
  MinutesOfDay,
  MoneyOfDay,
  StepFailureRate,
  WorkerNow,
} from '../../../shared/schemas/dashboard';

const DAY_MS = 24 * 3600 * 1000;

/** The `days` UTC days ending with the day of `now`, oldest first. */
export function periodDays(now: Date, days: number): Day[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Midnight UTC of a day. */
export const startOf = (day: Day) => new Date(`${day}T00:00:00.000Z`);

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Every day of the period, a day without videos at zero, so a chart's axis has no gaps. */
export function minutesPerDay(
  days: Day[],
  rows: { day: string; mode: string; minutes: number }[],
): MinutesOfDay[] {
  const byDay = new Map(days.map((day) => [day, { day, generate: 0, hardcode: 0 }]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry && (row.mode === 'generate' || row.mode === 'hardcode')) entry[row.mode] += row.minutes;
  }
  return [...byDay.values()].map((entry) => ({
    ...entry,
    generate: round(entry.generate, 1),
    hardcode: round(entry.hardcode, 1),
  }));
}

const MONEY_KINDS = { purchase: 'sold', charge: 'charged', refund: 'refunded' } as const;

/** Euros per day: credits sold, charged for videos and refunded. */
export function moneyPerDay(days: Day[], rows: { day: string; kind: string; cents: number }[]): MoneyOfDay[] {
  const byDay = new Map(days.map((day) => [day, { day, sold: 0, charged: 0, refunded: 0 }]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    const kind = MONEY_KINDS[row.kind as keyof typeof MONEY_KINDS];
    if (entry && kind) entry[kind] += row.cents / 100;
  }
  return [...byDay.values()].map((entry) => ({
    ...entry,
    sold: round(entry.sold),
    charged: round(entry.charged),
    refunded: round(entry.refunded),
  }));
}

/**
 * Each step in pipeline order with its share of failed endings, over every job the step is made of
 * (a burn-in: its plan, segments and join); a step that did not run is at 0. `task` is the step's first job.
 */
export function failureRates(
  steps: readonly { tasks: readonly [string, ...string[]]; label: string }[],
  rows: { task: string; runs: number; failed: number }[],
): StepFailureRate[] {
  return steps.map(({ tasks, label }) => {
    const ofStep = rows.filter((row) => tasks.includes(row.task));
    const runs = ofStep.reduce((sum, row) => sum + row.runs, 0);
    const failed = ofStep.reduce((sum, row) => sum + row.failed, 0);
    return { task: tasks[0], label, runs, failed, rate: runs === 0 ? 0 : round(failed / runs, 4) };
  });
}

/** One entry per worker (rows are one per job it holds, or one without a job). */
export function workersNow(
  rows: { worker_id: string; seen_at: Date; task: string | null; payload: unknown; locked_at: Date | null }[],
): WorkerNow[] {
  const workers = new Map<string, WorkerNow>();
  for (const row of rows) {
    const worker = workers.get(row.worker_id) ?? {
      id: row.worker_id,
      seenAt: row.seen_at.toISOString(),
      jobs: [],
    };
    workers.set(row.worker_id, worker);
    if (row.task && row.locked_at) {
      const videoId = (row.payload as { videoId?: unknown } | null)?.videoId;
      worker.jobs.push({
        task: row.task,
        videoId: typeof videoId === 'number' ? videoId : null,
        since: row.locked_at.toISOString(),
      });
    }
  }
  return [...workers.values()];
}
