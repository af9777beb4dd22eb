import { Logger, runOnce } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database';
import { jobs } from './catalog';
import { enqueue } from './queue';

const { db, pool } = await freshDatabase();

describe('queued jobs', () => {
  it('run the steps that finish a video before the long ones queued earlier', async () => {
    await enqueue(db, jobs.burnSegment, { videoId: 1, burnInId: 1, index: 0 });
    await enqueue(db, jobs.extractAudio, { videoId: 2 });
    await enqueue(db, jobs.joinBurnedSegments, { videoId: 3, burnInId: 3 });
    await enqueue(db, jobs.burnInVideo, { videoId: 4 });

    const ran: string[] = [];
    const record = (name: string) => async (payload: unknown) => {
      ran.push(`${name} ${(payload as { videoId: number }).videoId}`);
    };
    await runOnce({
      pgPool: pool,
      noHandleSignals: true,
      logger: new Logger(() => () => {}),
      taskList: Object.fromEntries(
        [jobs.burnSegment, jobs.extractAudio, jobs.joinBurnedSegments, jobs.burnInVideo].map(({ name }) => [
          name,
          record(name),
        ]),
      ),
    });

    expect(ran).toEqual(['join_burned_segments 3', 'burn_in_video 4', 'burn_segment 1', 'extract_audio 2']);
  });
});
