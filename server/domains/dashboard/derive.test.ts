import { describe, expect, it } from 'vitest';
import { failureRates, minutesPerDay, moneyPerDay, periodDays, startOf, workersNow } from './derive';

const NOW = new Date('2026-03-02T23:30:00Z');

describe('the dashboard period', () => {
  it('is the given number of UTC days ending today, oldest first, across a month end', () => {
    expect(periodDays(NOW, 7)).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(periodDays(NOW, 90)).toHaveLength(90);
    expect(startOf('2026-02-24').toISOString()).toBe('2026-02-24T00:00:00.000Z');
  });
});

describe('per-day series', () => {
  const days = periodDays(NOW, 3);

  it('fill days without rows with zeros and put each mode in its column', () => {
    expect(
      minutesPerDay(days, [
        { day: '2026-03-01', mode: 'generate', minutes: 2.25 },
        { day: '2026-03-01', mode: 'hardcode', minutes: 1 },
        { day: '2026-01-01', mode: 'generate', minutes: 99 },
      ]),
    ).toEqual([
      { day: '2026-02-28', generate: 0, hardcode: 0 },
      { day: '2026-03-01', generate: 2.3, hardcode: 1 },
      { day: '2026-03-02', generate: 0, hardcode: 0 },
    ]);
  });

  it('turn ledger cents into euros sold, charged and refunded; other kinds are not money in or out', () => {
    expect(
      moneyPerDay(days, [
        { day: '2026-03-02', kind: 'purchase', cents: 5000 },
        { day: '2026-03-02', kind: 'charge', cents: 120 },
        { day: '2026-03-02', kind: 'refund', cents: 60 },
        { day: '2026-03-02', kind: 'adjustment', cents: 999 },
      ])[2],
    ).toEqual({ day: '2026-03-02', sold: 50, charged: 1.2, refunded: 0.6 });
  });
});

describe('failure rates', () => {
  it('list every step in order, a step that did not run at zero', () => {
    const steps = [
      { tasks: ['a'], label: 'A' },
      { tasks: ['b'], label: 'B' },
    ] as const;
    expect(failureRates(steps, [{ task: 'b', runs: 3, failed: 1 }])).toEqual([
      { task: 'a', label: 'A', runs: 0, failed: 0, rate: 0 },
      { task: 'b', label: 'B', runs: 3, failed: 1, rate: 0.3333 },
    ]);
  });

  it('add up the endings of every job a step is made of, under its first job', () => {
    const steps = [{ tasks: ['plan', 'part', 'join'], label: 'Burn-in' }] as const;
    const rows = [
      { task: 'plan', runs: 2, failed: 0 },
      { task: 'part', runs: 5, failed: 1 },
      { task: 'join', runs: 1, failed: 1 },
      { task: 'other', runs: 9, failed: 9 },
    ];
    expect(failureRates(steps, rows)).toEqual([
      { task: 'plan', label: 'Burn-in', runs: 8, failed: 2, rate: 0.25 },
    ]);
  });
});

describe('workers now', () => {
  it('group the jobs each worker holds, an idle worker with none', () => {
    const seen = new Date('2026-03-02T23:29:58Z');
    const locked = new Date('2026-03-02T23:29:00Z');
    expect(
      workersNow([
        { worker_id: 'w1', seen_at: seen, task: 'burn_in_video', payload: { videoId: 4 }, locked_at: locked },
        { worker_id: 'w1', seen_at: seen, task: 'purge_expired_sessions', payload: {}, locked_at: locked },
        { worker_id: 'w2', seen_at: seen, task: null, payload: null, locked_at: null },
      ]),
    ).toEqual([
      {
        id: 'w1',
        seenAt: seen.toISOString(),
        jobs: [
          { task: 'burn_in_video', videoId: 4, since: locked.toISOString() },
          { task: 'purge_expired_sessions', videoId: null, since: locked.toISOString() },
        ],
      },
      { id: 'w2', seenAt: seen.toISOString(), jobs: [] },
    ]);
  });
});
