import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { loadConfig } from '../../config';
import { TooManyRequests } from '../../errors';
import { forgetEndedBudgets, spendBudget } from './service';

const { db } = await freshDatabase();
const config = loadConfig({ RATE_LIMIT_SIGNUPS_PER_HOUR: '2', RATE_LIMIT_UPLOADS_PER_HOUR: '3' });
const services = { db, config };

const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'spent',
    (error: unknown) => error,
  );

describe('hourly budgets', () => {
  it('lets the budget through, then refuses saying when to try again', async () => {
    const asker = { userId: null, ip: '10.5.0.1' };
    expect(await outcome(spendBudget(services, 'signup', asker))).toBe('spent');
    expect(await outcome(spendBudget(services, 'signup', asker))).toBe('spent');
    const refused = await outcome(spendBudget(services, 'signup', asker));
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).message).toBe('Too many requests. Please try again in 60 minutes.');
    expect((refused as TooManyRequests).retryAfterSeconds).toBeGreaterThan(3590);
  });

  it('keeps each action, user and address apart', async () => {
    const asker = { userId: null, ip: '10.5.0.2' };
    for (let n = 0; n < 2; n++) await spendBudget(services, 'signup', asker);
    await expect(spendBudget(services, 'password-reset', asker)).resolves.toBeUndefined();
    await expect(spendBudget(services, 'signup', { userId: null, ip: '10.5.0.3' })).resolves.toBeUndefined();
    await expect(spendBudget(services, 'signup', { userId: 7 })).resolves.toBeUndefined();
    for (let n = 0; n < 3; n++) await spendBudget(services, 'upload', { userId: 7 });
    await expect(spendBudget(services, 'upload', { userId: 7 })).rejects.toBeInstanceOf(TooManyRequests);
  });

  it('counts calls that arrive at once one after another', async () => {
    const asker = { userId: 8 };
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => outcome(spendBudget(services, 'upload', asker))),
    );
    expect(outcomes.filter((result) => result === 'spent')).toHaveLength(3);
  });

  it('starts a new window once the hour has passed, and forgets ended windows', async () => {
    const asker = { userId: 9 };
    for (let n = 0; n < 3; n++) await spendBudget(services, 'upload', asker);
    await db
      .updateTable('action_budgets')
      .set({ window_ends_at: new Date(Date.now() - 1000) })
      .where('key', '=', 'user:9')
      .execute();
    await expect(spendBudget(services, 'upload', asker)).resolves.toBeUndefined();
    await db
      .updateTable('action_budgets')
      .set({ window_ends_at: new Date(Date.now() - 1000) })
      .where('key', '=', 'user:9')
      .execute();
    await forgetEndedBudgets(db);
    const left = await db.selectFrom('action_budgets').select('key').where('key', '=', 'user:9').execute();
    expect(left).toEqual([]);
  });
});
