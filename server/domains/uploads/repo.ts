import type { Db } from '../../db/database';
import type { VideoStatusColumn, VideosTable } from '../../db/schema';
import type { VideoLook } from '../videos/video-look';

export interface NewVideo {
  companyId: number;
  createdBy: number;
  mode: 'generate' | 'hardcode';
  filename: string;
  title: string;
  description: string;
  rso: VideosTable['rso'];
  inLan: VideosTable['in_lan'];
  outLan: VideosTable['out_lan'];
  durationSeconds: number;
  priceCents: number;
  sourceKey: string;
  audioStartMs: number;
  srtStatus: VideoStatusColumn;
  /** Audio without a picture (issue 22): nothing will be burned, its hardcoded video is not applicable. */
  audioOnly?: boolean;
  /** The column default (the default style) when absent. */
  look?: VideoLook;
}

export async function insertVideo(db: Db, video: NewVideo) {
  const row = await db
    .insertInto('videos')
    .values({
      company_id: video.companyId,
      created_by: video.createdBy,
      mode: video.mode,
      filename: video.filename,
      title: video.title,
      description: video.description,
      rso: video.rso,
      in_lan: video.inLan,
      out_lan: video.outLan,
      duration_seconds: video.durationSeconds,
      price_cents: video.priceCents,
      source_key: video.sourceKey,
      audio_start_ms: video.audioStartMs,
      srt_status: video.srtStatus,
      srt_progress: video.srtStatus === 'completed' ? 100 : 0,
      ...(video.audioOnly ? { hardcoded_status: 'not_applicable' as const } : {}),
      subtitle_style: video.look?.style,
      custom_style: video.look?.custom ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
