import { deleteExpiredSessions } from '../../server/domains/accounts/session-repo';
import { forgetOldLoginFailures } from '../../server/domains/auth/login-limit';
import { forgetEndedBudgets } from '../../server/domains/budgets/service';
import type { Handler } from '../task';

export const purgeExpiredSessions: Handler<'purgeExpiredSessions'> = async (
  _payload,
  { services, helpers },
) => {
  const removed = await deleteExpiredSessions(services.db);
  if (removed > 0) helpers.logger.info(`removed ${removed} expired sessions`);
  await forgetOldLoginFailures(services.db);
  await forgetEndedBudgets(services.db);
};
