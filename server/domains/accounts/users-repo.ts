import type { Db } from '../../db/database';

export function findForLogin(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash as passwordHash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function emailTaken(db: Db, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: {
    username: string;
    email: string;
    passwordHash: string;
    companyId: number | null;
    suggestion: string | null;
  },
) {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      password_hash: user.passwordHash,
      company_id: user.companyId,
      suggestion: user.suggestion,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What decides whether a company may be created for the user at signup, without a session. */
export function findForSignupCompany(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'role',
      'company_id as companyId',
      'credits_cents',
      'suggestion',
      'email_verified_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function setUsername(db: Db, userId: number, username: string) {
  return db.updateTable('users').set({ username, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Locks the user for a company assignment with a credit transfer. */
export function lockForAssignment(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'credits_cents'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function setCompany(db: Db, userId: number, companyId: number | null, privateCreditsCents?: number) {
  return db
    .updateTable('users')
    .set({
      company_id: companyId,
      suggestion: null,
      updated_at: new Date(),
      ...(privateCreditsCents === undefined ? {} : { credits_cents: privateCreditsCents }),
    })
    .where('id', '=', userId)
    .execute();
}

export function setPrivateCredits(db: Db, userId: number, creditsCents: number) {
  return db.updateTable('users').set({ credits_cents: creditsCents }).where('id', '=', userId).execute();
}

const adminListColumns = [
  'users.id',
  'users.username',
  'users.email',
  'users.role',
  'users.company_id as companyId',
  'companies.name as companyName',
  'users.credits_cents',
  'users.suggestion',
  'users.email_verified_at',
] as const;

export function listForAdmin(db: Db, search?: string) {
  let query = db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(adminListColumns);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([eb('users.username', 'ilike', pattern), eb('users.email', 'ilike', pattern)]),
    );
  }
  return query.orderBy('users.id').limit(500).execute();
}

export function listWithoutCompany(db: Db) {
  return (
    db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select(adminListColumns)
      .where('users.company_id', 'is', null)
      // Admins run the platform, not a company: they need none.
      .where('users.role', '!=', 'Admin')
      .orderBy('users.id')
      .execute()
  );
}

export function deleteUser(db: Db, userId: number) {
  return db.deleteFrom('users').where('id', '=', userId).returning(['id', 'email']).executeTakeFirst();
}

export function setSuggestion(db: Db, userId: number, suggestion: string | null) {
  return db
    .updateTable('users')
    .set({ suggestion, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
