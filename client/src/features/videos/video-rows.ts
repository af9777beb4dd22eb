import { MAX_REVISIONS, SEARCH_MIN_CHARS } from '../../../../shared/limits';
import type { HardcodedStatus, VideoStatus } from '../../../../shared/video-status';
import type { LanguageChipView } from './video-languages';

/** The fields of a `videos.list` row the screen reads (created_at arrives as an ISO string over JSON). */
export interface VideoRowView {
  id: number;
  filename: string;
  title: string;
  /** generate: the speech engine made the subtitles (and their word timings); hardcode: the user's SRT. */
  mode: 'generate' | 'hardcode';
  rso: string | null;
  in_lan: string | null;
  out_lan: string | null;
  srt_status: VideoStatus;
  /** `not_applicable` for audio alone: there is no video to burn into. */
  hardcoded_status: HardcodedStatus;
  srt_progress: number;
  hardcoded_progress: number;
  failure_reason: string | null;
  revisions: number;
  created_at: string | Date;
  /** What the reading-speed plan achieved, for generated subtitles. */
  compliance?: unknown;
  /** What reading the current subtitle file repaired or left out (issue 36). */
  reading_notes?: unknown;
  /**
   * The video's own subtitles' language: its output language, or the one a user's own SRT is written
   * in (null while it has no subtitles; absent in a row from an older server).
   */
  ownLanguage?: string | null;
  /** The languages added to the video (issue 40). */
  languages?: readonly LanguageChipView[];
}

/** The notes stored with the video's current subtitle file, none when it needed no repair. */
export function readingNotesOf(video: Pick<VideoRowView, 'reading_notes'>): string[] {
  const notes = video.reading_notes;
  return Array.isArray(notes) ? notes.filter((note): note is string => typeof note === 'string') : [];
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** PRODUCT.md §2: the created date as yyyy-MM-dd HH:mm, in the viewer's time zone. */
export function formatVideoDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())} ${twoDigits(
    date.getHours(),
  )}:${twoDigits(date.getMinutes())}`;
}

/** PRODUCT.md §2: revisions shown as 'n / 2'. */
export function revisionsText(revisions: number): string {
  return `${revisions} / ${MAX_REVISIONS}`;
}

/**
 * PRODUCT.md §5: the list reloads only when the search text is empty or has at least 3 characters. Returns
 * the search to apply, or null to keep the current list.
 */
export function searchToApply(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return trimmed.length >= SEARCH_MIN_CHARS ? trimmed : null;
}

/** A row the server is still working on (re-checked every 2 seconds, PRODUCT.md §4). */
export function isProcessing(row: Pick<VideoRowView, 'srt_status' | 'hardcoded_status'>): boolean {
  return row.srt_status === 'polling' || row.hardcoded_status === 'polling';
}
