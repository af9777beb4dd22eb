import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Spends one from the budget of `action` for `key` in one statement (the row is locked by the
 * upsert, so calls at once are counted one after another); a window that has ended starts again.
 * Answers how many the window has now spent, this one included, and when it ends.
 */
export function spendOne(db: Db, action: string, key: string, windowMs: number) {
  const ended = sql<boolean>`action_budgets.window_ends_at <= now()`;
  return db
    .insertInto('action_budgets')
    .values({
      action,
      key,
      used: 1,
      window_ends_at: sql`now() + ${windowMs} * interval '1 millisecond'`,
    })
    .onConflict((conflict) =>
      conflict.columns(['action', 'key']).doUpdateSet({
        used: sql`CASE WHEN ${ended} THEN 1 ELSE action_budgets.used + 1 END`,
        window_ends_at: sql`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE action_budgets.window_ends_at END`,
      }),
    )
    .returning(['used', 'window_ends_at as windowEndsAt'])
    .executeTakeFirstOrThrow();
}

export async function deleteEndedBudgets(db: Db): Promise<void> {
  await db.deleteFrom('action_budgets').where('window_ends_at', '<', new Date()).execute();
}
