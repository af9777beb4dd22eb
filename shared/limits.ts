/** Business constants of PRODUCT.md §9, named as it names them. */
export const MAX_VIDEO_BYTES = 1_610_612_736; // 1.5 GB
export const MAX_VIDEO_SECONDS = 1800; // 30 minutes
export const MAX_REVISIONS = 2;
export const REFUND_WINDOW_DAYS = 2;
export const PROCESSING_TIME_FACTOR = 5;

export const VIDEOS_PAGE_SIZE = 12;
export const MESSAGES_PAGE_SIZE = 5;
export const COMPANIES_PAGE_SIZE = 10;
export const AUDIT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGINATION_WINDOW = 2;

export const STATUS_POLL_MS = 2000;
export const VIDEOS_INITIAL_SPINNER_MS = 2000;
export const SEARCH_MIN_CHARS = 3;
export const LOGIN_ATTEMPTS_PER_VISIT = 5;

export const MIN_USERNAME_LENGTH = 4;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
export const RESET_PASSWORD_LENGTH = 9;
export const RESET_PASSWORD_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*()';

export const QUICK_PICK_EUROS = [1, 5, 10, 50] as const;
export const TOAST_MS = 5000;
export const BUY_LOADING_GRACE_MS = 1000;
/** How long the balance screen waits for a paid checkout's credit before saying it is late. */
export const CREDIT_WAIT_MS = 120_000;
export const UPLOAD_SUCCESS_ALERT_MS = 3000;
export const MESSAGE_COUNT_PLACEHOLDER = 999999;

/**
 * Calls one tRPC batch may carry: the client's batch link sends at most this many, and the server
 * refuses a longer batch with 400, so a batch cannot outrun a limit that each call is counted against.
 */
export const MAX_TRPC_BATCH_CALLS = 10;

/**
 * Subtitle files (security hole 5): the most a file read from a user may hold. 5,000 cues and 500
 * characters a cue are the editor's own limits (a file that passes can be edited); 300,000 characters
 * of text is ten times what a 30-minute video read at 20 characters a second shows. The bytes are
 * checked before any parsing, and no line of the file itself (ASS drawings included) may be longer
 * than MAX_SUBTITLE_FILE_LINE.
 */
export const MAX_SUBTITLE_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_SUBTITLE_CUES = 5000;
export const MAX_SUBTITLE_LINE = 500;
export const MAX_SUBTITLE_CUE_TEXT = 500;
export const MAX_SUBTITLE_TEXT = 300_000;
export const MAX_SUBTITLE_FILE_LINE = 20_000;
