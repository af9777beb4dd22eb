import type { Db } from '../../db/database';
import * as repo from './repo';

export interface Actor {
  id: number;
  email: string;
}

/** Server-side audit line for an action done by `actor` (an admin, or the system when null). */
export function recordAudit(db: Db, actor: Actor | null, action: string) {
  return repo.insertEntry(db, { action, userId: actor?.id ?? null, userEmail: actor?.email ?? null });
}

/** The legacy client reports credit transfers itself; such lines are kept but marked as client-reported. */
export function recordClientReported(db: Db, actor: Actor | null, action: string) {
  return repo.insertEntry(db, {
    action: action.slice(0, 2000),
    userId: actor?.id ?? null,
    userEmail: actor?.email ?? 'anonymous',
    clientReported: true,
  });
}

export function listAudit(db: Db, page: number, pageSize: number) {
  return repo.pageForAuditScreen(db, page, pageSize);
}
