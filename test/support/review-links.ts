import type { Db } from '../../server/db/database';
import { insertVideo } from '../../server/domains/uploads/repo';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';

/** A finished video of `owner`'s company, titled `title`, whose subtitles say `words` then "Second cue". */
export async function finishedVideo(
  db: Db,
  owner: { id: number; companyId: number | null },
  title: string,
  words: string,
) {
  const videoId = await insertVideo(db, {
    companyId: owner.companyId ?? 0,
    createdBy: owner.id,
    mode: 'hardcode',
    filename: `${title}.mp4`,
    title,
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 10,
    priceCents: 10,
    sourceKey: `videos/${title}/source.mp4`,
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await insertSubtitleVersion(db, {
    videoId,
    version: 0,
    origin: 'uploaded',
    name: 'v.srt',
    srt: `1\n00:00:00,000 --> 00:00:01,500\n${words}\n\n2\n00:00:02,000 --> 00:00:03,000\nSecond cue\n`,
  });
  await db
    .updateTable('videos')
    .set({ hardcoded_status: 'completed', hardcoded_key: `videos/${title}/hardcoded.mp4` })
    .where('id', '=', videoId)
    .execute();
  return videoId;
}

/** The token of a review link's address (…/review/<token>). */
export const tokenOfReviewUrl = (url: unknown) => String(url).split('/review/')[1] ?? '';
