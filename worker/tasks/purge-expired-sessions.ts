import { z } from 'zod';
import { forgetOldLoginFailures } from '../../server/domains/auth/login-limit';
import { deleteExpiredSessions } from '../../server/domains/auth/session-repo';
import { defineTask } from '../task';

export const purgeExpiredSessions = defineTask({
  name: 'purge_expired_sessions',
  payload: z.object({}).loose(),
  async handle(_payload, { services, helpers }) {
    const removed = await deleteExpiredSessions(services.db);
    if (removed > 0) helpers.logger.info(`removed ${removed} expired sessions`);
    await forgetOldLoginFailures(services.db);
  },
});
