import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../server/db/database';
import type { VideosTable } from '../../server/db/schema';
import { insertVideo } from '../../server/domains/uploads/repo';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';
import type { Storage } from '../../server/storage/storage';
import type { InputLanguage } from '../../shared/languages';
import { sleep } from './waiting';

export type VideoRow = Selectable<VideosTable>;

const failed = (video: VideoRow) => video.srt_status === 'failed' || video.hardcoded_status === 'failed';
/** No step of the video is still running: it completed or failed. */
export const settled = (video: VideoRow) =>
  video.srt_status !== 'polling' && video.hardcoded_status !== 'polling';

/**
 * Polls the video's row until `ready` accepts it, and answers the row. A video that failed without
 * being what the test waits for fails the wait at once, with its cause.
 */
export async function waitForVideo(
  db: Db,
  videoId: number,
  ready: (video: VideoRow) => boolean = settled,
  timeoutMs = 60_000,
): Promise<VideoRow> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const video = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirst();
    if (video && ready(video)) return video;
    if (video && failed(video))
      throw new Error(`video ${videoId} failed: ${video.failure_cause ?? video.failure_reason}`);
    await sleep(100);
  }
  throw new Error(`timed out waiting for video ${videoId}`);
}

export interface Download {
  status: number;
  headers: Headers;
  body: Buffer;
  /** Where the app's link sent the client (a presigned link into the bucket), if it did. */
  redirectedTo: string | null;
}

/**
 * Follows a download link as a browser does: the app's `/api/files/<token>` answers the file itself
 * (disk) or redirects to a presigned link that the bucket answers (S3), fetched over real HTTP.
 */
export async function downloadByLink(app: FastifyInstance, link: string): Promise<Download> {
  const url = new URL(link);
  const answer = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const location = answer.headers.location;
  if (answer.statusCode === 302 && typeof location === 'string') {
    const response = await fetch(location);
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
      redirectedTo: location,
    };
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined) headers.set(name, String(value));
  return { status: answer.statusCode, headers, body: answer.rawPayload, redirectedTo: null };
}

/**
 * The path of a video's burned MP4 on disk storage, where the stored file is the local one and
 * outlives the call (a bucket would hand out a temporary copy).
 */
export async function hardcodedFileOnDisk(db: Db, storage: Storage, videoId: number): Promise<string> {
  const row = await db
    .selectFrom('videos')
    .select('hardcoded_key')
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  return storage.withLocalFile(row.hardcoded_key ?? '', async (file) => file);
}

interface VideoOwner {
  id: number;
  companyId: number | null;
}

/** A hardcode video's row for the user's company, its subtitles made (`title`.mp4, no file stored). */
export function insertHardcodeVideo(
  db: Db,
  owner: VideoOwner,
  video: {
    title: string;
    durationSeconds: number;
    sourceKey: string;
    /** Spoken and subtitled in (a generated video's); none for a user's own SRT. */
    language?: InputLanguage | null;
  },
): Promise<number> {
  return insertVideo(db, {
    companyId: owner.companyId ?? 0,
    createdBy: owner.id,
    mode: 'hardcode',
    filename: `${video.title}.mp4`,
    title: video.title,
    description: '',
    rso: null,
    inLan: video.language ?? null,
    outLan: video.language ?? null,
    durationSeconds: video.durationSeconds,
    priceCents: 10,
    sourceKey: video.sourceKey,
    audioStartMs: 0,
    srtStatus: 'completed',
  });
}

/**
 * A finished hardcode video of the user's company with its own SRT as version 0, burned in (the
 * burned file itself is not stored unless a test puts one at `hardcodedKey`): what adding or
 * burning a language or sharing a review link starts from.
 */
export async function finishedHardcodeVideo(
  db: Db,
  owner: VideoOwner,
  video: Parameters<typeof insertHardcodeVideo>[2] & { srt: string; hardcodedKey?: string },
): Promise<number> {
  const videoId = await insertHardcodeVideo(db, owner, video);
  await insertSubtitleVersion(db, {
    videoId,
    version: 0,
    origin: 'uploaded',
    name: 'talk.srt',
    srt: video.srt,
  });
  await db
    .updateTable('videos')
    .set({ hardcoded_status: 'completed', hardcoded_key: video.hardcodedKey ?? null })
    .where('id', '=', videoId)
    .execute();
  return videoId;
}
