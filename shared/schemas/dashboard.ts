import { z } from 'zod';

/** The periods the admin dashboard offers, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const dashboardInput = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)], { error: 'days must be 7, 30 or 90' }),
});

/** One UTC day, YYYY-MM-DD. */
export type Day = string;

export interface MinutesOfDay {
  day: Day;
  generate: number;
  hardcode: number;
}

export interface MoneyOfDay {
  day: Day;
  sold: number;
  charged: number;
  refunded: number;
}

export interface StepFailureRate {
  task: string;
  label: string;
  runs: number;
  failed: number;
  /** failed / runs, 0 when nothing ran. */
  rate: number;
}

export interface QueueFailure {
  task: string;
  videoId: number | null;
  error: string;
  at: string;
}

export interface WorkerNow {
  id: string;
  seenAt: string;
  jobs: { task: string; videoId: number | null; since: string }[];
}

export interface AdminDashboard {
  days: DashboardPeriod;
  /** The first day shown; the last is today (UTC). */
  from: Day;
  minutesPerDay: MinutesOfDay[];
  moneyPerDay: MoneyOfDay[];
  failureRateByStep: StepFailureRate[];
  queue: { waiting: number; running: number; failedLast24h: number; failures: QueueFailure[] };
  workers: WorkerNow[];
  lowestBalances: { id: number; name: string; balance: number }[];
}
