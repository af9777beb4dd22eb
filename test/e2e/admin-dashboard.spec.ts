import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Locator, test } from '@playwright/test';
import pg from 'pg';
import { e2eDataDir } from '../../playwright.config';
import { signInAsAdmin } from './support/accounts';

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Rows a person cannot date back through the screens (a video processed 20 days ago, its money, a
 * step that failed), written straight into the running instance's embedded database.
 */
async function seedHistory() {
  const url = (await readFile(path.join(e2eDataDir, 'postgres.url'), 'utf8')).trim();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const company = await client.query<{ id: number }>(
      `insert into companies (name) values ('Dashboard history company') returning id`,
    );
    const id = company.rows[0]?.id;
    await client.query(
      `insert into credit_ledger (company_id, kind, amount_cents, created_at) values
         ($1, 'purchase', 5000, now() - interval '20 days'), ($1, 'purchase', 1000, now())`,
      [id],
    );
    await client.query(
      `insert into videos (company_id, mode, filename, duration_seconds, price_cents, srt_status,
                           hardcoded_status, created_at) values
         ($1, 'hardcode', 'old.mp4', 1800, 0, 'completed', 'completed', now() - interval '20 days'),
         ($1, 'generate', 'new.mp4', 600, 0, 'completed', 'completed', now()),
         ($1, 'generate', 'old-interview.m4a', 1200, 0, 'completed', 'not_applicable', now() - interval '20 days')`,
      [id],
    );
    await client.query(
      `insert into job_runs (task, attempt, outcome, error, started_at, finished_at) values
         ('transcribe_video', 3, 'failed', 'seeded: the speech engine timed out', now() - interval '1 hour', now() - interval '1 hour'),
         ('transcribe_video', 1, 'completed', null, now() - interval '2 days', now() - interval '2 days'),
         ('burn_segment', 3, 'failed', 'seeded: a burn segment crashed', now() - interval '2 hours', now() - interval '2 hours')`,
    );
    // The daily counts a worker keeps with each attempt (worker/repo.ts).
    await client.query(
      `insert into job_run_days (day, task, outcome, runs) values
         (((now() - interval '1 hour') at time zone 'UTC')::date, 'transcribe_video', 'failed', 1),
         (((now() - interval '2 days') at time zone 'UTC')::date, 'transcribe_video', 'completed', 1),
         (((now() - interval '2 hours') at time zone 'UTC')::date, 'burn_segment', 'failed', 1)
       on conflict (day, task, outcome) do update set runs = job_run_days.runs + 1`,
    );
  } finally {
    await client.end();
  }
}

/** The first number in a card's summary line. */
async function summaryNumber(card: Locator): Promise<number> {
  const text = await card.locator('[data-summary]').innerText();
  return Number(/[\d.]+/.exec(text.replace(/,/g, ''))?.[0] ?? Number.NaN);
}

test('the admin overview shows charts of the seeded history, and the period switch changes them', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await seedHistory();
  await signInAsAdmin(page);
  await page.goto('/admin/overview');

  // The screen's links stay as they were.
  await expect(page.getByRole('heading', { name: 'Admin Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Failed videos' }).first()).toBeVisible();

  const dashboard = page.getByRole('region', { name: 'Dashboard' });
  const minutes = dashboard.getByRole('region', { name: 'Minutes processed per day' });
  const money = dashboard.getByRole('region', { name: 'Revenue and refunds per day' });
  const failures = dashboard.getByRole('region', { name: 'Failure rate by step' });
  for (const chart of [minutes, money, failures])
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(minutes.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  await expect(money.locator('.recharts-line-curve').first()).toBeVisible();

  // 30 days by default: the videos (30 minutes burned, 20 of audio alone) and the purchase of 20 days ago are in.
  await expect(minutes.locator('[data-summary]')).toContainText('in the last 30 days');
  const minutesOfMonth = await summaryNumber(minutes);
  const soldOfMonth = await summaryNumber(money);
  expect(minutesOfMonth).toBeGreaterThanOrEqual(60);

  await dashboard.getByText('7 days', { exact: true }).click();
  await expect(minutes.locator('[data-summary]')).toContainText('in the last 7 days');
  expect(await summaryNumber(minutes)).toBeCloseTo(minutesOfMonth - 50, 1);
  expect(await summaryNumber(money)).toBeCloseTo(soldOfMonth - 50, 2);
  await expect(minutes.locator('svg.recharts-surface').first()).toBeVisible();

  await dashboard.getByText('90 days', { exact: true }).click();
  await expect(minutes.locator('[data-summary]')).toContainText('in the last 90 days');
  expect(await summaryNumber(minutes)).toBeCloseTo(minutesOfMonth, 1);

  // The seeded transcription failure and the burn-in segment's count in the failure rates.
  expect(await summaryNumber(failures)).toBeGreaterThanOrEqual(2);
  await expect(failures.locator('.recharts-bar-rectangle path').first()).toBeVisible();

  // Now: the queue with the last day's failure and its cause, the inline worker, the lowest balances.
  const queue = dashboard.getByRole('region', { name: 'Queue now' });
  await expect(queue).toContainText('failed in the last 24 h');
  await expect(queue).toContainText('seeded: the speech engine timed out');
  await expect(queue).toContainText('seeded: a burn segment crashed');
  await expect(dashboard.getByRole('region', { name: /^Workers alive: [1-9]/ })).toBeVisible();
  await expect(dashboard.getByRole('region', { name: 'Lowest balances' }).getByRole('row')).not.toHaveCount(
    0,
  );

  expect(errors).toEqual([]);
});
