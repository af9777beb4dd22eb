import { type Kysely, sql } from 'kysely';

/**
 * E-mail for accounts: links sent by mail (password reset, address verification) stored only as the
 * SHA-256 of their token, like sessions; whether an address is verified (accounts that exist already
 * count as verified: nobody asked them); which notices a user wants; a company's low-credit
 * threshold; and invitations of teammates by their company's admins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_tokens (
      id          text PRIMARY KEY,
      user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose     text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
      email       text NOT NULL,
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose)`.execute(db);

  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`.execute(db);
  await sql`UPDATE users SET email_verified_at = created_at`.execute(db);
  await sql`
    ALTER TABLE users
      ADD COLUMN notify_video_outcome boolean NOT NULL DEFAULT true,
      ADD COLUMN notify_low_credits   boolean NOT NULL DEFAULT true,
      ADD COLUMN notify_receipts      boolean NOT NULL DEFAULT true,
      ADD COLUMN notify_messages      boolean NOT NULL DEFAULT true
  `.execute(db);

  await sql`
    ALTER TABLE companies ADD COLUMN low_credit_threshold_cents bigint
      CHECK (low_credit_threshold_cents IS NULL OR low_credit_threshold_cents >= 0)
  `.execute(db);

  await sql`
    CREATE TABLE company_invitations (
      id          serial PRIMARY KEY,
      company_id  integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      email       text NOT NULL,
      token_hash  text NOT NULL UNIQUE,
      invited_by  integer REFERENCES users (id) ON DELETE SET NULL,
      expires_at  timestamptz NOT NULL,
      accepted_at timestamptz,
      revoked_at  timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX company_invitations_company ON company_invitations (company_id)`.execute(db);
}
