import { type Kysely, sql } from 'kysely';

/**
 * The schema of PRODUCT.md §3. Money is integer cents. A company's balance moves only through a
 * credit_ledger insert: its trigger updates the balance in the same statement, and the balance's
 * CHECK refuses anything below zero, whatever the concurrency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS citext;

    CREATE TABLE companies (
      id            serial PRIMARY KEY,
      name          text NOT NULL CHECK (length(trim(name)) > 0),
      address       text NOT NULL DEFAULT '',
      credits_cents bigint NOT NULL DEFAULT 0 CONSTRAINT companies_credits_not_negative CHECK (credits_cents >= 0),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id                  serial PRIMARY KEY,
      username            text NOT NULL,
      email               citext NOT NULL CONSTRAINT users_email_unique UNIQUE,
      password_hash       text NOT NULL,
      role                text NOT NULL DEFAULT 'User' CHECK (role IN ('Admin', 'User')),
      credits_cents       bigint NOT NULL DEFAULT 0 CHECK (credits_cents >= 0),
      company_id          integer REFERENCES companies (id) ON DELETE SET NULL,
      suggestion          text,
      messages_seen_count integer NOT NULL DEFAULT 0,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX users_company_idx ON users (company_id);

    CREATE TABLE company_admins (
      company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      PRIMARY KEY (company_id, user_id)
    );

    CREATE TABLE sessions (
      id         text PRIMARY KEY,
      user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);
    CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

    CREATE TABLE prices (
      id          serial PRIMARY KEY,
      product     text NOT NULL UNIQUE,
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE conversions (
      id       serial PRIMARY KEY,
      name     text NOT NULL,
      currency text NOT NULL UNIQUE,
      rate     numeric(14, 6) NOT NULL CHECK (rate > 0)
    );

    CREATE TABLE messages (
      id           serial PRIMARY KEY,
      title        text NOT NULL CHECK (length(trim(title)) > 0),
      message      text NOT NULL CHECK (length(trim(message)) > 0),
      company_id   integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      created_by   integer REFERENCES users (id) ON DELETE SET NULL,
      created_at   timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX messages_company_idx ON messages (company_id, id DESC);

    CREATE TABLE contents (
      id         serial PRIMARY KEY,
      page       text NOT NULL UNIQUE,
      title      text NOT NULL,
      html       text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_trail (
      id              bigserial PRIMARY KEY,
      action          text NOT NULL,
      user_id         integer REFERENCES users (id) ON DELETE SET NULL,
      user_email      text,
      client_reported boolean NOT NULL DEFAULT false,
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_trail_created_idx ON audit_trail (id DESC);

    CREATE TABLE videos (
      id                 serial PRIMARY KEY,
      company_id         integer NOT NULL REFERENCES companies (id) ON DELETE RESTRICT,
      created_by         integer REFERENCES users (id) ON DELETE SET NULL,
      mode               text NOT NULL CHECK (mode IN ('generate', 'hardcode')),
      filename           text NOT NULL,
      title              text NOT NULL DEFAULT '',
      description        text NOT NULL DEFAULT '',
      rso                text CHECK (rso IN ('full-text', '20', '17', '15')),
      in_lan             text,
      out_lan            text,
      srt_status         text NOT NULL DEFAULT 'polling' CHECK (srt_status IN ('polling', 'completed', 'failed')),
      hardcoded_status   text NOT NULL DEFAULT 'polling' CHECK (hardcoded_status IN ('polling', 'completed', 'failed')),
      srt_progress       smallint NOT NULL DEFAULT 0 CHECK (srt_progress BETWEEN 0 AND 100),
      hardcoded_progress smallint NOT NULL DEFAULT 0 CHECK (hardcoded_progress BETWEEN 0 AND 100),
      failure_reason     text,
      revisions          smallint NOT NULL DEFAULT 0 CHECK (revisions BETWEEN 0 AND 2),
      duration_seconds   integer NOT NULL CHECK (duration_seconds BETWEEN 0 AND 1800),
      price_cents        integer NOT NULL CHECK (price_cents >= 0),
      source_key         text,
      hardcoded_key      text,
      audio_start_ms     integer NOT NULL DEFAULT 0,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX videos_company_created_idx ON videos (company_id, created_at DESC, id DESC);
    CREATE INDEX videos_filename_trgm_idx ON videos USING gin (filename gin_trgm_ops);

    CREATE TABLE subtitle_versions (
      id          serial PRIMARY KEY,
      video_id    integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      version     smallint NOT NULL CHECK (version >= 0),
      origin      text NOT NULL CHECK (origin IN ('generated', 'uploaded', 'revision')),
      name        text NOT NULL,
      srt_content text NOT NULL,
      stats       jsonb,
      created_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (video_id, version)
    );

    CREATE TABLE credit_ledger (
      id                  bigserial PRIMARY KEY,
      company_id          integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      kind                text NOT NULL CHECK (kind IN ('purchase', 'charge', 'refund', 'transfer', 'adjustment')),
      amount_cents        bigint NOT NULL CHECK (amount_cents <> 0),
      balance_after_cents bigint NOT NULL CHECK (balance_after_cents >= 0),
      actor_user_id       integer REFERENCES users (id) ON DELETE SET NULL,
      video_id            integer REFERENCES videos (id) ON DELETE SET NULL,
      reference           text,
      note                text,
      created_at          timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX credit_ledger_reference_unique ON credit_ledger (kind, reference) WHERE reference IS NOT NULL;
    CREATE INDEX credit_ledger_company_idx ON credit_ledger (company_id, id DESC);

    CREATE FUNCTION apply_credit_ledger_entry() RETURNS trigger AS $$
    BEGIN
      UPDATE companies
         SET credits_cents = credits_cents + NEW.amount_cents, updated_at = now()
       WHERE id = NEW.company_id
       RETURNING credits_cents INTO NEW.balance_after_cents;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'company % does not exist', NEW.company_id USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql;

    CREATE TRIGGER credit_ledger_applies_to_balance
      BEFORE INSERT ON credit_ledger
      FOR EACH ROW EXECUTE FUNCTION apply_credit_ledger_entry();

    CREATE FUNCTION refuse_ledger_change() RETURNS trigger AS $$
    BEGIN
      RAISE EXCEPTION 'the credit ledger is append-only';
    END;
    $$ LANGUAGE plpgsql;

    CREATE TRIGGER credit_ledger_is_append_only
      BEFORE UPDATE ON credit_ledger
      FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
  `.execute(db);
}
