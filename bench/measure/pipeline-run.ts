import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseSrt } from '../../shared/subtitles';
import type { BenchUser } from '../env/accounts';
import type { AppProcess } from '../env/app-process';
import { type BenchDatabase, transitionsOf } from '../env/database';
import { type Footage, SAMPLE_SECONDS } from '../inputs/clips';
import { generateStages, hardcodeStages, type StageTimes } from './stages';
import { curlUpload, uploadedVideoId } from './upload-curl';

export interface PipelineTarget {
  app: AppProcess;
  database: BenchDatabase;
  user: BenchUser;
  /** DATA_DIR of the app, to remove each run's files. */
  dataDir: string;
}

export interface Clip {
  path: string;
  srt: string;
  seconds: number;
  footage: Footage;
}

export type PipelineMode = 'generate' | 'hardcode';

export interface PipelineRun extends StageTimes {
  mode: PipelineMode;
  footage: Footage;
  clipSeconds: number;
  rtf: number;
}

/** Waits until both statuses are completed; throws if either failed or the time runs out. */
export async function waitUntilSettled(
  database: BenchDatabase,
  videoId: number,
  timeoutMs: number,
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const { rows } = await database.pool.query<{
      srt_status: string;
      hardcoded_status: string;
      failure_reason: string | null;
    }>('SELECT srt_status, hardcoded_status, failure_reason FROM videos WHERE id = $1', [videoId]);
    const row = rows[0];
    if (!row) throw new Error(`video ${videoId} disappeared`);
    if (row.srt_status === 'failed' || row.hardcoded_status === 'failed')
      throw new Error(`video ${videoId} failed: ${row.failure_reason ?? 'no reason given'}`);
    if (row.srt_status === 'completed' && row.hardcoded_status === 'completed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`video ${videoId} did not finish within ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * Waits until the worker has no job left to run: the product's work that follows a finished video
 * (its shot changes, detected after the burn-in) runs to its end here, not during the next
 * measurement, and before the bench removes the files it reads. A job that failed for good is left.
 */
export async function waitForIdleWorker(database: BenchDatabase, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const { rows } = await database.pool.query<{ pending: string }>(
      'SELECT count(*) AS pending FROM graphile_worker.jobs WHERE attempts < max_attempts',
    );
    if (Number(rows[0]?.pending ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the worker still had jobs to run after ${Math.round(timeoutMs / 1000)} s`);
}

/** The fake engine hears the looped sample: the subtitles must run to the end of the clip. */
async function assertSubtitlesCoverClip(database: BenchDatabase, videoId: number, seconds: number) {
  const { rows } = await database.pool.query<{ srt_content: string }>(
    'SELECT srt_content FROM subtitle_versions WHERE video_id = $1 ORDER BY version DESC LIMIT 1',
    [videoId],
  );
  const cues = parseSrt(rows[0]?.srt_content ?? '');
  const lastEnd = (cues.at(-1)?.endMs ?? 0) / 1000;
  if (lastEnd < seconds - SAMPLE_SECONDS - 1)
    throw new Error(
      `generated subtitles end at ${lastEnd} s of a ${seconds} s clip: the engine did not hear it all`,
    );
}

async function removeVideoFiles(target: PipelineTarget, videoId: number): Promise<void> {
  const { rows } = await target.database.pool.query<{ source_key: string | null }>(
    'SELECT source_key FROM videos WHERE id = $1',
    [videoId],
  );
  const key = rows[0]?.source_key;
  if (key)
    await rm(path.join(target.dataDir, 'files', path.posix.dirname(key)), { recursive: true, force: true });
}

function upload(target: PipelineTarget, mode: PipelineMode, clip: Clip) {
  const url = `${target.app.url}/api/upload-log${mode === 'hardcode' ? '/hc' : ''}`;
  if (mode === 'hardcode') {
    return curlUpload({
      url,
      token: target.user.token,
      fields: { title: 'bench' },
      files: [
        { name: 'fileVideo', path: clip.path, type: 'video/mp4' },
        { name: 'fileSub', path: clip.srt, type: 'application/x-subrip' },
      ],
    });
  }
  return curlUpload({
    url,
    token: target.user.token,
    fields: { title: 'bench', rso: 'full-text', in_lan: 'en', out_lan: 'en' },
    files: [{ name: 'file', path: clip.path, type: 'video/mp4' }],
  });
}

/**
 * One video through the real endpoint and the real worker: wall time from the accepted upload to
 * both statuses completed, cut into stages by the status and progress writes the product makes.
 */
export async function runPipeline(
  target: PipelineTarget,
  mode: PipelineMode,
  clip: Clip,
): Promise<PipelineRun> {
  const videoId = uploadedVideoId(await upload(target, mode, clip));
  try {
    // PRODUCT.md §9 allows 5× the duration; give the run that much and a minute for start-up.
    await waitUntilSettled(target.database, videoId, (clip.seconds * 5 + 60) * 1000);
    if (mode === 'generate') await assertSubtitlesCoverClip(target.database, videoId, clip.seconds);
    const transitions = await transitionsOf(target.database, videoId);
    const times = mode === 'generate' ? generateStages(transitions) : hardcodeStages(transitions);
    await waitForIdleWorker(target.database, (clip.seconds + 60) * 1000);
    return {
      mode,
      footage: clip.footage,
      clipSeconds: clip.seconds,
      ...times,
      rtf: times.totalMs / 1000 / clip.seconds,
    };
  } finally {
    await removeVideoFiles(target, videoId);
  }
}
