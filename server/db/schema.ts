import type { ColumnType, Generated, Insertable } from 'kysely';
import type { InputLanguage, OutputLanguage } from '../../shared/languages';
import type { PlanId } from '../../shared/plans';
import type { SubtitleStyleId } from '../../shared/subtitles/subtitle-style';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;
/** bigint columns come back from pg as strings; we keep cents within safe integers and parse them. */
type BigCents = ColumnType<string, number | bigint, number | bigint>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  address: ColumnType<string, string | undefined, string>;
  credits_cents: ColumnType<string, never, never>;
  /** Kept by triggers on videos (migration 0005). */
  video_count: ColumnType<number, never, never>;
  /** The style its uploads get unless they choose another (migration 0012). */
  subtitle_style: ColumnType<SubtitleStyleId, SubtitleStyleId | undefined, SubtitleStyleId>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: ColumnType<'Admin' | 'User', 'Admin' | 'User' | undefined, 'Admin' | 'User'>;
  credits_cents: ColumnType<string, number | undefined, number>;
  company_id: number | null;
  suggestion: string | null;
  last_seen_message_id: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CompanyAdminsTable {
  company_id: number;
  user_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface PricesTable {
  id: Generated<number>;
  product: string;
  price_cents: number;
  updated_at: UpdatedAt;
}

export interface ConversionsTable {
  id: Generated<number>;
  name: string;
  currency: string;
  rate: ColumnType<string, string | number, string | number>;
}

export interface MessagesTable {
  id: Generated<number>;
  title: string;
  message: string;
  company_id: number;
  created_by: number | null;
  created_at: CreatedAt;
  published_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ContentsTable {
  id: Generated<number>;
  page: string;
  title: string;
  html: string;
  review_needed: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: UpdatedAt;
}

export interface SiteLinksTable {
  key: string;
  address: string;
  updated_at: UpdatedAt;
}

export interface AuditTrailTable {
  id: Generated<string>;
  action: string;
  user_id: number | null;
  user_email: string | null;
  client_reported: ColumnType<boolean, boolean | undefined, never>;
  created_at: CreatedAt;
}

export type VideoStatusColumn = 'polling' | 'completed' | 'failed';

export interface VideosTable {
  id: Generated<number>;
  company_id: number;
  created_by: number | null;
  mode: 'generate' | 'hardcode';
  filename: string;
  title: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  rso: PlanId | null;
  in_lan: InputLanguage | null;
  out_lan: OutputLanguage | null;
  srt_status: ColumnType<VideoStatusColumn, VideoStatusColumn | undefined, VideoStatusColumn>;
  hardcoded_status: ColumnType<VideoStatusColumn, VideoStatusColumn | undefined, VideoStatusColumn>;
  srt_progress: ColumnType<number, number | undefined, number>;
  hardcoded_progress: ColumnType<number, number | undefined, number>;
  /** Plain words for the customer. */
  failure_reason: string | null;
  /** The technical error, for admins only. */
  failure_cause: ColumnType<string | null, string | null | undefined, string | null>;
  revisions: ColumnType<number, number | undefined, number>;
  duration_seconds: number;
  price_cents: number;
  source_key: string | null;
  hardcoded_key: string | null;
  audio_start_ms: ColumnType<number, number | undefined, number>;
  /** The look of its burned subtitles (migration 0012). */
  subtitle_style: ColumnType<SubtitleStyleId, SubtitleStyleId | undefined, SubtitleStyleId>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SubtitleVersionsTable {
  id: Generated<number>;
  video_id: number;
  version: number;
  origin: 'generated' | 'uploaded' | 'revision';
  name: string;
  srt_content: string;
  stats: unknown;
  /** Who made it (an upload, a revision, the editor); null for generated subtitles. */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

/** The editor's one draft per video (migration 0011). */
export interface SubtitleDraftsTable {
  video_id: number;
  /** `{ startMs, endMs, text }[]`, read back through zod (server/domains/editor/service.ts). */
  cues: ColumnType<unknown, string, string>;
  /** The subtitle version the draft was started from. */
  base_version: number;
  /** 1 on the first save, one more on each save: what concurrent editors compare. */
  revision: ColumnType<number, number | undefined, number>;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type LedgerKind = 'purchase' | 'charge' | 'refund' | 'transfer' | 'adjustment';

export interface CreditLedgerTable {
  id: Generated<string>;
  company_id: number;
  kind: LedgerKind;
  amount_cents: BigCents;
  /** Filled in by the database trigger that applies the entry to the balance. */
  balance_after_cents: ColumnType<string, never, never>;
  actor_user_id: number | null;
  video_id: number | null;
  reference: string | null;
  note: string | null;
  created_at: CreatedAt;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  key: string;
  failed_at: ColumnType<Date, Date | undefined, never>;
}

export interface WorkerHeartbeatsTable {
  worker_id: string;
  seen_at: Date;
}

export type ShowcasePlacementColumn = 'carousel' | 'example';

export interface ShowcaseVideosTable {
  id: Generated<number>;
  placement: ShowcasePlacementColumn;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  video_id: number | null;
  in_lan: string | null;
  out_lan: string | null;
  rso: string | null;
  original_key: string;
  subtitled_key: string;
  published_by: number | null;
  created_at: CreatedAt;
}

export interface Database {
  worker_heartbeats: WorkerHeartbeatsTable;
  login_failures: LoginFailuresTable;
  companies: CompaniesTable;
  users: UsersTable;
  company_admins: CompanyAdminsTable;
  sessions: SessionsTable;
  prices: PricesTable;
  conversions: ConversionsTable;
  messages: MessagesTable;
  contents: ContentsTable;
  site_links: SiteLinksTable;
  showcase_videos: ShowcaseVideosTable;
  audit_trail: AuditTrailTable;
  videos: VideosTable;
  subtitle_versions: SubtitleVersionsTable;
  subtitle_drafts: SubtitleDraftsTable;
  credit_ledger: CreditLedgerTable;
}

export type NewUser = Insertable<UsersTable>;
