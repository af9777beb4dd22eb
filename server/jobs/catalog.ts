import { z } from 'zod';
import { OUTPUT_LANGUAGE_CODES } from '../../shared/languages';

/** The statuses of a video a step can turn `failed`. */
export type VideoStatus = 'srt_status' | 'hardcoded_status';

/** One kind of job: its name in the queue, the payload it takes, and the key that keeps it single. */
export interface JobDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  /** The job's name in Graphile Worker's queue (stored with every job: renaming one strands old jobs). */
  name: Name;
  /** Checked when queued and again when run (old jobs and jobs added from SQL bypass TypeScript). */
  payload: Schema;
  /** A job with the same key replaces a waiting one instead of running twice. */
  key(payload: z.infer<Schema>): string;
  /** Attempts in all: a transient error is retried with Graphile's backoff until this many ran. */
  maxAttempts: number;
  /**
   * Graphile Worker's priority: lower runs first among jobs due (0 when unset). The short steps that
   * finish a video under way go before the long ones waiting, so a video nearly done is never held
   * behind other videos' burn-ins.
   */
  priority?: number;
}

/** A step of a video's pipeline. */
export interface VideoStep<Name extends string, Schema extends z.ZodType>
  extends JobDefinition<Name, Schema> {
  /** The statuses its failure for good marks `failed` (see `jobs` on refunds). */
  fails: readonly VideoStatus[];
}

/** A job that also runs by itself. */
export interface ScheduledJob<Name extends string, Schema extends z.ZodType>
  extends JobDefinition<Name, Schema> {
  /** When, in Graphile Worker's crontab format. */
  schedule: string;
}

const videoStep = <Name extends string, Schema extends z.ZodType>(job: VideoStep<Name, Schema>) => job;
const scheduledJob = <Name extends string, Schema extends z.ZodType>(job: ScheduledJob<Name, Schema>) => job;

/** Transient failures (a busy disk, a restarted database) get a few tries with Graphile's backoff. */
export const DEFAULT_MAX_ATTEMPTS = 3;
/** The priority of a burn-in's planning and joining: seconds of work that bring a video to its end. */
const FINISHING_STEP = -1;
/** The priority of work no customer waits on: after every video step due. */
const AFTER_DELIVERY = 1;

const ofVideo = z.object({ videoId: z.number().int().positive() });
const id = z.number().int().positive();
/** A language added to a video (issue 40): the video and the language's code. */
const ofLanguage = z.object({ videoId: id, language: z.enum(OUTPUT_LANGUAGE_CODES) });
const resetMailPayload = z.object({ email: z.string().min(1).max(320) });
/** What an e-mail notice is about; the task reads the rest (who wants it, the words) when it runs. */
export const noticePayload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('videoOutcome'), videoId: id, outcome: z.enum(['completed', 'failed']) }),
  z.object({
    kind: z.literal('receipt'),
    companyId: id,
    reference: z.string().min(1).max(255),
    buyerUserId: id.nullable(),
    receiptUrl: z.url().nullable(),
  }),
  z.object({ kind: z.literal('adminMessage'), messageId: id }),
  z.object({ kind: z.literal('lowCredits'), companyId: id, balanceCents: z.number().int() }),
  z.object({
    kind: z.literal('retentionWarning'),
    companyId: id,
    videoIds: z.array(id).min(1).max(500),
    /** The day (YYYY-MM-DD) the run that found them is on: one warning a company a day. */
    day: z.iso.date(),
  }),
]);
export type NoticePayload = z.infer<typeof noticePayload>;

function noticeKey(notice: NoticePayload): string {
  switch (notice.kind) {
    case 'videoOutcome':
      return `notice:video:${notice.videoId}:${notice.outcome}`;
    case 'receipt':
      return `notice:receipt:${notice.reference}`;
    case 'adminMessage':
      return `notice:message:${notice.messageId}`;
    case 'lowCredits':
      return `notice:low-credits:${notice.companyId}`;
    case 'retentionWarning':
      return `notice:retention:${notice.companyId}:${notice.day}`;
  }
}

/** Before the subtitles exist, a failure takes both: no subtitles, no video. */
const SUBTITLES_AND_VIDEO = ['srt_status', 'hardcoded_status'] as const;

/**
 * Every job there is; the worker has exactly one handler for each (`worker/tasks/index.ts`), and
 * `enqueue` (server/jobs/queue.ts) takes one of these with its payload and builds the key itself.
 *
 * A video's steps: `videoPipeline` below. Each step queues the next in the transaction that records
 * its own result. A step that throws is retried (up to `maxAttempts`) unless the error is permanent
 * (a PermanentFailure, an EngineRefused); failing for good marks its `fails` statuses `failed` and
 * refunds the charge once if no subtitled video was ever delivered (`runVideoStep` in
 * worker/video-step.ts, `failVideo` in server/domains/videos/failure.ts).
 */
export const jobs = {
  /**
   * Generate, step 1: the audio as WAV. Queued by an upload without subtitles, and by an admin's retry
   * of a video whose subtitles failed. Next: transcribeVideo. No audio track is a permanent failure.
   */
  extractAudio: videoStep({
    name: 'extract_audio',
    payload: ofVideo,
    key: ({ videoId }) => `audio:${videoId}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    fails: SUBTITLES_AND_VIDEO,
  }),
  /** Generate, step 2: speech to timed words. Next: makeSubtitles. No speech is a permanent failure. */
  transcribeVideo: videoStep({
    name: 'transcribe_video',
    payload: ofVideo,
    key: ({ videoId }) => `transcribe:${videoId}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    fails: SUBTITLES_AND_VIDEO,
  }),
  /**
   * Generate, step 3: words to cues, translated and shaped; marks the subtitles completed. Next:
   * burnInVideo. A translation this server cannot make is a permanent failure.
   */
  makeSubtitles: videoStep({
    name: 'make_subtitles',
    payload: ofVideo,
    key: ({ videoId }) => `subtitles:${videoId}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    fails: SUBTITLES_AND_VIDEO,
  }),
  /**
   * The last step: the latest subtitle version rendered into the video, which is then completed.
   * Queued by makeSubtitles, by an upload with subtitles, by a revision (a free re-burn: its failure
   * refunds nothing, a video was delivered) and by an admin's retry. It plans the burn: next, a
   * burnSegment job for each segment not already stored, then joinBurnedSegments. The subtitles are
   * kept when it fails.
   */
  burnInVideo: videoStep({
    name: 'burn_in_video',
    payload: ofVideo,
    key: ({ videoId }) => `burn-in:${videoId}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    priority: FINISHING_STEP,
    fails: ['hardcoded_status'],
  }),
  /**
   * One segment of a burn-in, queued by burnInVideo (or by the join, when a segment's file went
   * missing): burned by any worker from the source in storage and stored back; the last one counted
   * queues joinBurnedSegments. A burn superseded meanwhile does nothing, and its failure fails nothing.
   */
  burnSegment: videoStep({
    name: 'burn_segment',
    payload: z.object({ videoId: id, burnInId: id, index: z.number().int().min(0) }),
    key: ({ videoId, index }) => `burn-segment:${videoId}:${index}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    fails: ['hardcoded_status'],
  }),
  /**
   * The end of a burn-in: its segments joined without re-encoding into the video's MP4, which is then
   * completed — if the burn is still the video's current one. Next: nothing.
   */
  joinBurnedSegments: videoStep({
    name: 'join_burned_segments',
    payload: z.object({ videoId: id, burnInId: id }),
    key: ({ videoId }) => `burn-join:${videoId}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    priority: FINISHING_STEP,
    fails: ['hardcoded_status'],
  }),
  /**
   * A language added to a finished video (server/domains/languages): the video's current own subtitles
   * translated, shaped to its plan and kept as version 0 of that language; then, when its burned video
   * was bought with it, burnLanguage. Not a video step: its failure fails the language alone, refunded
   * once (worker/language-step.ts), and never the video.
   */
  translateLanguage: {
    name: 'translate_language',
    payload: ofLanguage,
    key: ({ videoId, language }: z.infer<typeof ofLanguage>) => `language:${videoId}:${language}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
  } satisfies JobDefinition<'translate_language', typeof ofLanguage>,
  /**
   * The burned video of an added language: its latest version drawn into the picture in segments,
   * joined, and kept as the language's own file (the video's own burned video is never touched). Not
   * a video step: its failure fails the language's burn alone, its charge refunded once.
   */
  burnLanguage: {
    name: 'burn_language',
    payload: ofLanguage,
    key: ({ videoId, language }: z.infer<typeof ofLanguage>) => `language-burn:${videoId}:${language}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
  } satisfies JobDefinition<'burn_language', typeof ofLanguage>,
  /**
   * A copy of a video's source that any browser plays (H.264 ≤ 720p), made when the editor finds the
   * browser cannot play the source (server/domains/editor/preview.ts). Not a video step: its failure
   * fails nothing, and the editor keeps editing without a picture.
   */
  makeEditorPreview: {
    name: 'make_editor_preview',
    payload: ofVideo,
    key: ({ videoId }: z.infer<typeof ofVideo>) => `editor-preview:${videoId}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
  } satisfies JobDefinition<'make_editor_preview', typeof ofVideo>,
  /**
   * A video's shot changes, detected once by ffmpeg's scene score for the editor
   * (server/domains/shot-changes): queued when a video is burned in, and by the editor for a video
   * not detected yet (still burning, or uploaded before detection existed). Not a video step: its failure fails nothing (the editor snaps to cues alone),
   * and it waits behind the steps that deliver videos.
   */
  detectShotChanges: {
    name: 'detect_shot_changes',
    payload: ofVideo,
    key: ({ videoId }: z.infer<typeof ofVideo>) => `shot-changes:${videoId}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    priority: AFTER_DELIVERY,
  } satisfies JobDefinition<'detect_shot_changes', typeof ofVideo>,
  /**
   * An e-mail notice (server/domains/notices): queued in the transaction that records what it tells,
   * sent by a worker so SMTP never holds up a video step, a payment or a message. Not a video step.
   */
  sendNotice: {
    name: 'send_notice',
    payload: noticePayload,
    key: (notice: z.infer<typeof noticePayload>) => noticeKey(notice),
    maxAttempts: 5,
  } satisfies JobDefinition<'send_notice', typeof noticePayload>,
  /**
   * A password-reset link mailed to an address, if it has an account (domains/auth/password-reset.ts):
   * queued for known and unknown addresses alike, so the request takes the same time for both. Not a
   * video step.
   */
  sendPasswordReset: {
    name: 'send_password_reset',
    payload: resetMailPayload,
    key: ({ email }: z.infer<typeof resetMailPayload>) => `password-reset:${email}`,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
  } satisfies JobDefinition<'send_password_reset', typeof resetMailPayload>,
  /** Housekeeping, hourly: expired sessions, old login failures and ended budgets go. Not a video step. */
  purgeExpiredSessions: scheduledJob({
    name: 'purge_expired_sessions',
    payload: z.object({}).loose(),
    key: () => 'purge-expired-sessions',
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    schedule: '0 * * * *',
  }),
  /**
   * Daily: the videos older than their company's retention (Company data) are deleted as a customer
   * deletes one: files removed, the row kept as a tombstone. Not a video step.
   */
  removeExpiredVideos: scheduledJob({
    name: 'remove_expired_videos',
    payload: z.object({}).loose(),
    key: () => 'remove-expired-videos',
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    schedule: '20 3 * * *',
  }),
  /**
   * Hourly: resumable uploads unfinished past RESUMABLE_UPLOAD_EXPIRY_HOURS (a day by default) are
   * removed, with what waited for them (worker/tasks/remove-abandoned-uploads.ts). Not a video step.
   */
  removeAbandonedUploads: scheduledJob({
    name: 'remove_abandoned_uploads',
    payload: z.object({}).loose(),
    key: () => 'remove-abandoned-uploads',
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    schedule: '40 * * * *',
  }),
  /**
   * A backup of the database and the stored files into DATA_DIR/backups, then all but the newest
   * BACKUP_KEEP removed. Scheduled by BACKUP_CRON (`crontabWith`), not by the catalog. Not retried:
   * the next scheduled run is the retry, and a half-written backup is never kept.
   */
  backupDatabase: {
    name: 'backup_database',
    payload: z.object({}).loose(),
    key: () => 'backup-database',
    maxAttempts: 1,
  } satisfies JobDefinition<'backup_database'>,
};

export type TaskName = keyof typeof jobs;
/** A task's payload once parsed (what a handler receives and a key is built from). */
export type PayloadOf<Task extends TaskName> = z.infer<(typeof jobs)[Task]['payload']>;

export const taskNames = Object.keys(jobs) as TaskName[];

/**
 * The order a video's steps run in, each queuing the next: a video to generate runs all four; an
 * upload with subtitles and a revision start at burnInVideo; an admin's retry starts at extractAudio
 * when the subtitles failed, else at burnInVideo (server/domains/videos/failed-videos.ts).
 */
export const videoPipeline = [
  'extractAudio',
  'transcribeVideo',
  'makeSubtitles',
  'burnInVideo',
] as const satisfies readonly TaskName[];

/** The scheduled jobs, in Graphile Worker's crontab format. */
export const crontab = taskNames
  .flatMap((task) => {
    const job = jobs[task];
    return 'schedule' in job ? [`${job.schedule} ${job.name}`] : [];
  })
  .join('\n');

/** The catalog's crontab plus the backups of BACKUP_CRON, when set. */
export function crontabWith({ BACKUP_CRON }: { BACKUP_CRON?: string | undefined }): string {
  const { name, maxAttempts } = jobs.backupDatabase;
  const options = `?max=${maxAttempts}&jobKey=${jobs.backupDatabase.key()}`;
  return BACKUP_CRON ? `${crontab}\n${BACKUP_CRON} ${name} ${options}` : crontab;
}
