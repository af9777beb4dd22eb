import type { ColumnType, Generated, Insertable } from 'kysely';
import type { InputLanguage, OutputLanguage } from '../../shared/languages';
import type { PlanId } from '../../shared/plans';
import type { CustomStyle, StyleChoice } from '../../shared/subtitles/subtitle-style';

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
  /** Days a video is kept before the retention task removes its files; null keeps them (0014). */
  retention_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** Below this balance its users hear by e-mail (migration 0013); null: never. */
  low_credit_threshold_cents: ColumnType<string | null, number | null | undefined, number | null>;
  /** The style its uploads get unless they choose another (migration 0012). */
  subtitle_style: ColumnType<StyleChoice, StyleChoice | undefined, StyleChoice>;
  custom_style: ColumnType<CustomStyle | null, CustomStyle | null | undefined, CustomStyle | null>;
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
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  notify_video_outcome: ColumnType<boolean, boolean | undefined, boolean>;
  notify_low_credits: ColumnType<boolean, boolean | undefined, boolean>;
  notify_receipts: ColumnType<boolean, boolean | undefined, boolean>;
  notify_messages: ColumnType<boolean, boolean | undefined, boolean>;
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
/** An audio-only upload's hardcoded video is `not_applicable` (migration 0020). */
export type HardcodedStatusColumn = VideoStatusColumn | 'not_applicable';

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
  hardcoded_status: ColumnType<
    HardcodedStatusColumn,
    HardcodedStatusColumn | undefined,
    HardcodedStatusColumn
  >;
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
  /** Set when the customer (or retention) deleted it: files gone, the row kept as a tombstone (0014). */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When its company's admins were told retention will delete it (0016); null: not yet. */
  retention_warned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The look of its burned subtitles (migration 0012). */
  subtitle_style: ColumnType<StyleChoice, StyleChoice | undefined, StyleChoice>;
  custom_style: ColumnType<CustomStyle | null, CustomStyle | null | undefined, CustomStyle | null>;
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
  /** '' for the video's own subtitles, else an added language's code (migration 0032). */
  language: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

/** A burn-in spread over segment jobs: what it burns (migration 0019). */
export interface BurnInsTable {
  id: Generated<number>;
  video_id: number;
  subtitle_version_id: number;
  subtitle_style: StyleChoice;
  ass: string;
  fps: number;
  copy_audio: boolean;
  created_at: CreatedAt;
}

/** One segment of a burn-in; `done` once its file is in storage (migration 0019). */
export interface BurnInSegmentsTable {
  burn_in_id: number;
  index: number;
  start_frame: number;
  /** Null for the last, which runs to the end of the source. */
  frames: number | null;
  preroll_frames: number;
  fingerprint: string;
  done: ColumnType<boolean, boolean | undefined, boolean>;
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
  /** '' for the video's own subtitles, else an added language's code (migration 0032). */
  language: ColumnType<string, string | undefined, string>;
}

/** A comment on a cue (migration 0029), seen and resolved by the video's company. */
export interface CueCommentsTable {
  id: Generated<number>;
  video_id: number;
  /** The cue's id in the editor that commented; the time finds the cue in later sessions. */
  cue_id: string;
  start_ms: number;
  end_ms: number;
  body: string;
  author_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: number | null;
  /** The name given by whoever commented through a review link (migration 0033); null for a user's. */
  guest_name: ColumnType<string | null, string | null | undefined, never>;
}

/** A read-only review link of a video (migration 0029): only its token's SHA-256 is kept. */
export interface ReviewLinksTable {
  token_hash: string;
  video_id: number;
  created_by: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  /** What its holder may do (migration 0033): REVIEW_PERMISSIONS of shared/schemas/comments.ts. */
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  /** Its number in the company's list of live links (migration 0034); the token is never shown again. */
  id: Generated<number>;
  /** Set when a user of the company withdrew it: it then opens nothing. */
  withdrawn_at: Date | null;
  withdrawn_by: number | null;
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
  /** The added language a charge or refund was for (migration 0032). */
  language: ColumnType<OutputLanguage | null, OutputLanguage | null | undefined, OutputLanguage | null>;
  created_at: CreatedAt;
}

/** A language added to a finished video (migration 0032): its translation and its burned video. */
export interface VideoLanguagesTable {
  video_id: number;
  language: OutputLanguage;
  status: 'translating' | 'ready' | 'failed';
  progress: ColumnType<number, number | undefined, number>;
  /** Plain words for the customer. */
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The technical error, for admins only. */
  failure_cause: ColumnType<string | null, string | null | undefined, string | null>;
  burn_status: ColumnType<
    'burning' | 'ready' | 'failed' | null,
    'burning' | 'ready' | 'failed' | null | undefined,
    'burning' | 'ready' | 'failed' | null
  >;
  burn_progress: ColumnType<number, number | undefined, number>;
  /** Plain words for the customer when the burned video failed (migration 0035). */
  burn_failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  hardcoded_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** What one user or client address spent of an action's hourly budget (domains/budgets). */
export interface ActionBudgetsTable {
  action: string;
  key: string;
  window_ends_at: Date;
  used: number;
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

/** One attempt of a job, written by the worker that ran it (migration 0017). */
export interface JobRunsTable {
  id: Generated<string>;
  task: string;
  video_id: number | null;
  worker_id: string | null;
  attempt: number;
  outcome: 'completed' | 'retried' | 'failed';
  error: string | null;
  started_at: Date;
  finished_at: ColumnType<Date, Date | undefined, never>;
}

/** Job attempts counted per duration bucket, kept with each job_runs row (migration 0017). */
export interface JobRunTotalsTable {
  task: string;
  outcome: string;
  bucket: number;
  runs: ColumnType<string, number, number>;
  seconds: number;
}

/** Job attempts counted per UTC day, kept with each job_runs row (migration 0017). */
export interface JobRunDaysTable {
  day: ColumnType<Date, string, string>;
  task: string;
  outcome: string;
  runs: ColumnType<string, number, number>;
}

/** A resumable hardcode upload's SRT, waiting for the video's last byte (migration 0018). */
export interface PendingUploadSubtitlesTable {
  id: Generated<string>;
  company_id: number;
  name: string;
  srt: string;
  /** What reading the user's file repaired or left out, by line (migration 0027). */
  reading_notes: Generated<unknown>;
  created_at: Generated<Date>;
}

/** Which video a resumable upload became, for a client whose last answer was lost (migration 0018). */
export interface FinishedResumableUploadsTable {
  upload_id: string;
  company_id: number;
  video_id: number;
  bytes: ColumnType<string, number, number>;
  created_at: Generated<Date>;
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

/** Personal API tokens (0014): only the SHA-256 of the token is stored. */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  expires_at: Date | null;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** A company's glossary (0015): terms kept as written, or translated as given per language. */
export interface GlossaryTermsTable {
  id: Generated<number>;
  company_id: number;
  term: string;
  keep_as_written: boolean;
  /** `{ [outputLanguage]: translation }`, read back through zod (server/domains/glossary/repo.ts). */
  translations: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Links sent by e-mail; `id` is the SHA-256 of the token, which only the message holds. */
export interface AccountTokensTable {
  id: string;
  user_id: number;
  purpose: 'password_reset' | 'email_verification';
  /** The address the link was sent to: a verification counts only for it. */
  email: string;
  expires_at: Date;
  used_at: Date | null;
  /** When the mail carrying the link could not be sent (refused, or retries spent). */
  mail_failed_at: ColumnType<Date | null, never, Date>;
  created_at: CreatedAt;
}

export interface CompanyInvitationsTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  token_hash: string;
  invited_by: number | null;
  expires_at: Date;
  accepted_at: ColumnType<Date | null, never, Date>;
  revoked_at: ColumnType<Date | null, never, Date>;
  /** When the invitation's mail could not be sent (refused, or retries spent). */
  mail_failed_at: ColumnType<Date | null, never, Date>;
  created_at: CreatedAt;
}

/** A video's shot changes, once detected (migration 0030, server/domains/shot-changes). */
export interface VideoShotChangesTable {
  video_id: number;
  /** Ascending, whole ms on the video's time line. */
  times_ms: number[];
  detected_at: ColumnType<Date, Date | undefined, Date>;
}

export interface Database {
  account_tokens: AccountTokensTable;
  company_invitations: CompanyInvitationsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  job_runs: JobRunsTable;
  job_run_totals: JobRunTotalsTable;
  job_run_days: JobRunDaysTable;
  login_failures: LoginFailuresTable;
  action_budgets: ActionBudgetsTable;
  companies: CompaniesTable;
  users: UsersTable;
  company_admins: CompanyAdminsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
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
  video_shot_changes: VideoShotChangesTable;
  credit_ledger: CreditLedgerTable;
  video_languages: VideoLanguagesTable;
  glossary_terms: GlossaryTermsTable;
  burn_ins: BurnInsTable;
  burn_in_segments: BurnInSegmentsTable;
  pending_upload_subtitles: PendingUploadSubtitlesTable;
  finished_resumable_uploads: FinishedResumableUploadsTable;
  cue_comments: CueCommentsTable;
  review_links: ReviewLinksTable;
}

export type NewUser = Insertable<UsersTable>;
