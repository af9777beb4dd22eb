import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { advanceHardcodedProgress, markHardcodedCompleted } from '../burn-in/repo';
import { advanceSrtProgress } from '../generation/repo';
import { insertVideo } from '../uploads/repo';
import { progressWriter } from './progress';

const { db } = await freshDatabase();
const { id: userId } = await db
  .insertInto('users')
  .values({ username: 'u', email: 'u@example.com', password_hash: 'x', role: 'User' })
  .returning('id')
  .executeTakeFirstOrThrow();
const { id: companyId } = await db
  .insertInto('companies')
  .values({ name: 'Co' })
  .returning('id')
  .executeTakeFirstOrThrow();

function runningVideo() {
  return insertVideo(db, {
    companyId,
    createdBy: userId,
    mode: 'generate',
    filename: 'a.mp4',
    title: '',
    description: '',
    rso: 'full-text',
    inLan: 'en',
    outLan: 'en',
    durationSeconds: 60,
    priceCents: 10,
    sourceKey: 'videos/x/source.mp4',
    audioStartMs: 0,
    srtStatus: 'polling',
  });
}

async function progressOf(videoId: number) {
  return db
    .selectFrom('videos')
    .select(['srt_progress', 'hardcoded_progress'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
}

describe('progress bars', () => {
  it('only move forward, whatever order the reports land in', async () => {
    const videoId = await runningVideo();
    expect(await advanceSrtProgress(db, videoId, 40)).toBe(true);
    expect(await advanceSrtProgress(db, videoId, 30)).toBe(false);
    expect(await advanceHardcodedProgress(db, videoId, 20)).toBe(true);
    expect(await advanceHardcodedProgress(db, videoId, 15)).toBe(false);
    expect(await progressOf(videoId)).toEqual({ srt_progress: 40, hardcoded_progress: 20 });
  });

  it('stay at 100 when a late report arrives after the burn-in completed', async () => {
    const videoId = await runningVideo();
    await markHardcodedCompleted(db, videoId, 'videos/x/hardcoded.mp4');
    expect(await advanceHardcodedProgress(db, videoId, 95)).toBe(false);
    expect((await progressOf(videoId)).hardcoded_progress).toBe(100);
  });

  it('are written one at a time in the order reported, and announced only when they moved', async () => {
    const landed: number[] = [];
    const announced: number[] = [];
    let current = 0;
    const write = progressWriter(
      async (percent) => {
        // The first write is the slowest: unserialized, it would land last.
        await new Promise((resolve) => setTimeout(resolve, percent === 10 ? 30 : 1));
        landed.push(percent);
        const moved = percent > current;
        current = Math.max(current, percent);
        return moved;
      },
      async () => announced.push(current),
    );
    for (const percent of [10, 20, 20, 30]) write(percent);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(landed).toEqual([10, 20, 20, 30]);
    expect(announced).toEqual([10, 20, 30]);
  });
});
