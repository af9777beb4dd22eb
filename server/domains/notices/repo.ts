import { sql } from 'kysely';
import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';

export type NoticePreference =
  | 'notify_video_outcome'
  | 'notify_low_credits'
  | 'notify_receipts'
  | 'notify_messages';

/** A recipient: a user of the company who has not switched this notice off. */
export interface Recipient {
  id: number;
  username: string;
  email: string;
}

export function userIfWanted(db: Db, userId: number, preference: NoticePreference) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('id', '=', userId)
    .where(preference, '=', true)
    .executeTakeFirst();
}

export function companyUsersWanting(db: Db, companyId: number, preference: NoticePreference) {
  return companyRows(db, companyId)
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where(preference, '=', true)
    .orderBy('id')
    .execute();
}

/** Every admin of the company: for what no one may switch off (a warning before their videos go). */
export function companyAdmins(db: Db, companyId: number) {
  return companyRows(db, companyId)
    .selectFrom('users')
    .innerJoin('company_admins', 'company_admins.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.email'])
    .where('company_admins.company_id', '=', companyId)
    .orderBy('users.id')
    .execute();
}

export function companyAdminsWanting(db: Db, companyId: number, preference: NoticePreference) {
  return companyRows(db, companyId)
    .selectFrom('users')
    .innerJoin('company_admins', 'company_admins.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.email'])
    .where('company_admins.company_id', '=', companyId)
    .where(preference, '=', true)
    .orderBy('users.id')
    .execute();
}

export function videoForNotice(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .select(['id', 'company_id', 'created_by', 'title', 'filename', 'failure_reason', 'hardcoded_status'])
    .where('id', '=', videoId)
    .executeTakeFirst();
}

export function ledgerLineOf(db: Db, companyId: number, reference: string) {
  return companyRows(db, companyId)
    .selectFrom('credit_ledger')
    .select(['amount_cents', 'balance_after_cents', 'created_at', 'reference'])
    .where('reference', '=', reference)
    .executeTakeFirst();
}

export function messageForNotice(db: Db, messageId: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'title', 'message', 'company_id'])
    .where('id', '=', messageId)
    .executeTakeFirst();
}

export function preferencesOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['notify_video_outcome', 'notify_low_credits', 'notify_receipts', 'notify_messages'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export function lowCreditThreshold(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select('low_credit_threshold_cents')
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export function setPreferences(
  db: Db,
  userId: number,
  preferences: Partial<Record<NoticePreference, boolean>>,
) {
  return db.updateTable('users').set(preferences).where('id', '=', userId).execute();
}

export function setLowCreditThreshold(db: Db, companyId: number, thresholdCents: number | null) {
  return db
    .updateTable('companies')
    .set({ low_credit_threshold_cents: thresholdCents })
    .where('id', '=', companyId)
    .execute();
}

/** What the warning lists: each video's name and the day retention deletes it. */
export function videosToAnnounce(db: Db, companyId: number, videoIds: readonly number[]) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('companies', 'companies.id', 'videos.company_id')
    .select([
      'videos.title',
      'videos.filename',
      'companies.retention_days as retentionDays',
      sql<Date>`videos.created_at + companies.retention_days * interval '1 day'`.as('deletedFrom'),
    ])
    .where('videos.id', 'in', videoIds)
    .where('videos.deleted_at', 'is', null)
    .orderBy('videos.created_at')
    .execute();
}
