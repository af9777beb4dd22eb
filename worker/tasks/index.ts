import { burnInVideoTask } from './burn-in-video';
import { extractAudioTask } from './extract-audio';
import { makeSubtitlesTask } from './make-subtitles';
import { purgeExpiredSessions } from './purge-expired-sessions';
import { transcribeVideoTask } from './transcribe-video';

/** Every task the worker runs; a job name is typed from this list, so one without a handler cannot compile. */
export const tasks = [
  purgeExpiredSessions,
  extractAudioTask,
  transcribeVideoTask,
  makeSubtitlesTask,
  burnInVideoTask,
] as const;

export type TaskName = (typeof tasks)[number]['name'];
export type PayloadOf<Name extends TaskName> = Parameters<
  Extract<(typeof tasks)[number], { name: Name }>['handle']
>[0];

/** Hourly housekeeping, in Graphile Worker's crontab format. */
export const crontab = '0 * * * * purge_expired_sessions';
