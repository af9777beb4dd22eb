import { cents, centsToEuros } from '../../../shared/money';
import type { UserView } from './service';

/** The users-permissions plugin answers plain user objects; credits are euros, company an id or null. */
export function legacyUser(user: UserView) {
  return {
    id: user.id,
    uid: String(user.id),
    username: user.username,
    email: user.email,
    role: user.role,
    company: user.companyId,
    companyName: user.companyName ?? undefined,
    credits: centsToEuros(cents(user.creditsCents)),
    suggestion: user.suggestion,
  };
}
