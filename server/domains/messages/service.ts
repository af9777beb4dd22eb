import type { MessageInput } from '../../../shared/schemas/messages';
import { seesCompany } from '../../access/checks';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { publishEvent } from '../../realtime/event-hub';
import { companyExists } from '../companies/service';
import { queueNotice } from '../notices/service';
import * as repo from './repo';

const isAdmin = (user: SessionUser) => user.role === 'Admin';

/** The caller's company's messages; admins may ask for every company's. A user without a company has none. */
export async function listMessages(
  db: Db,
  user: SessionUser,
  page: number,
  pageSize: number,
  allCompanies = false,
) {
  if (allCompanies && isAdmin(user)) return repo.pageNewestFirst(db, null, page, pageSize);
  if (!user.companyId) return { messages: [], total: 0 };
  return repo.pageNewestFirst(db, user.companyId, page, pageSize);
}

export async function getMessage(db: Db, user: SessionUser, id: number) {
  const message = await repo.findById(db, id);
  if (!message || !seesCompany(user, message.companyId)) throw new NotFound('Message');
  return message;
}

export async function createMessage(db: Db, actor: SessionUser, input: MessageInput) {
  return transaction(db, async (trx) => {
    if (!(await companyExists(trx, input.company))) throw new NotFound('Company');
    const id = await repo.insertMessage(trx, {
      title: input.title,
      message: input.message,
      companyId: input.company,
      createdBy: actor.id,
    });
    await publishEvent(trx, { type: 'message', companyId: input.company });
    await queueNotice(trx, { kind: 'adminMessage', messageId: id });
    return id;
  });
}

export async function deleteMessage(db: Db, id: number) {
  const deleted = await repo.deleteMessage(db, id);
  if (!deleted) throw new NotFound('Message');
  await publishEvent(db, { type: 'message', companyId: deleted.companyId });
}

/**
 * PRODUCT.md §2: the Messages item turns red when the company's count exceeds the count this user has seen;
 * "seen" counts the messages up to the newest one the user opened, so deletions cannot hide new ones.
 */
export async function unreadState(db: Db, user: SessionUser) {
  if (!user.companyId) return { count: 0, seen: 0, unread: false };
  const { count, seen } = await repo.countsForUser(db, user.companyId, user.id);
  return { count, seen, unread: !isAdmin(user) && count > seen };
}

export async function markMessagesSeen(db: Db, user: SessionUser) {
  if (user.companyId) await repo.markAllSeen(db, user.companyId, user.id);
}
