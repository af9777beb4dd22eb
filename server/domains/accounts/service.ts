/**
 * The one owner of accounts: users' rows, sessions, account tokens (password resets, e-mail
 * verification), passwords and company membership (`company_admins`). The other domains call this
 * door, never the repositories beside it (scripts/architecture.test.ts).
 */
export * from './account-token-repo';
export { addAdmin, isAdminOf, removeAdminEntriesOf } from './membership-repo';
export * as users from './users-repo';
