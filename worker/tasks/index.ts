import type { Handlers } from '../task';
import { backupDatabase } from './backup-database';
import { burnInVideoTask } from './burn-in-video';
import { burnLanguageTask } from './burn-language';
import { burnSegmentTask } from './burn-segment';
import { detectShotChangesTask } from './detect-shot-changes';
import { extractAudioTask } from './extract-audio';
import { joinBurnedSegmentsTask } from './join-burned-segments';
import { makeEditorPreviewTask } from './make-editor-preview';
import { makeSubtitlesTask } from './make-subtitles';
import { purgeExpiredSessions } from './purge-expired-sessions';
import { removeAbandonedUploads } from './remove-abandoned-uploads';
import { removeExpiredVideosTask } from './remove-expired-videos';
import { sendNoticeTask } from './send-notice';
import { sendPasswordResetTask } from './send-password-reset';
import { transcribeVideoTask } from './transcribe-video';
import { translateLanguageTask } from './translate-language';

/**
 * The handler of each task of the catalog (server/jobs/catalog.ts): a task without a handler, or a
 * handler without a task, does not compile.
 */
export const handlers = {
  extractAudio: extractAudioTask,
  transcribeVideo: transcribeVideoTask,
  makeSubtitles: makeSubtitlesTask,
  burnInVideo: burnInVideoTask,
  burnSegment: burnSegmentTask,
  joinBurnedSegments: joinBurnedSegmentsTask,
  purgeExpiredSessions,
  removeExpiredVideos: removeExpiredVideosTask,
  backupDatabase,
  removeAbandonedUploads,
  makeEditorPreview: makeEditorPreviewTask,
  detectShotChanges: detectShotChangesTask,
  sendNotice: sendNoticeTask,
  sendPasswordReset: sendPasswordResetTask,
  translateLanguage: translateLanguageTask,
  burnLanguage: burnLanguageTask,
} satisfies Handlers;
