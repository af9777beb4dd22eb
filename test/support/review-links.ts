import type { Db } from '../../server/db/database';
import { finishedHardcodeVideo } from './videos';

/** A finished video of `owner`'s company, titled `title`, whose subtitles say `words` then "Second cue". */
export async function finishedVideo(
  db: Db,
  owner: { id: number; companyId: number | null },
  title: string,
  words: string,
) {
  return finishedHardcodeVideo(db, owner, {
    title,
    durationSeconds: 10,
    sourceKey: `videos/${title}/source.mp4`,
    hardcodedKey: `videos/${title}/hardcoded.mp4`,
    srt: `1\n00:00:00,000 --> 00:00:01,500\n${words}\n\n2\n00:00:02,000 --> 00:00:03,000\nSecond cue\n`,
  });
}

/** The token of a review link's address (…/review/<token>). */
export const tokenOfReviewUrl = (url: unknown) => String(url).split('/review/')[1] ?? '';
