import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { payingUser, testApp, testCaller, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { makeShotsClip } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { jobs } from '../../jobs/catalog';
import { insertVideo } from '../uploads/repo';

const { app, call, db, pool, services } = await testApp();
const owner = await payingUser(call, 'shots-owner');
const stranger = await payingUser(call, 'shots-stranger');
const ownerTrpc = testCaller(app, owner.token);
const strangerTrpc = testCaller(app, stranger.token);
// Three shots of 2, 1.6 and 2 seconds: cuts at 2 s and 3.6 s.
const clip = await makeShotsClip('shots-domain.mp4', [2, 1.6, 2]);
const CUTS = [2000, 3600];

const detectionsQueued = async (videoId: number) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from graphile_worker.jobs
        where key = ${jobs.detectShotChanges.key({ videoId })}`.execute(db)
    ).rows[0]?.n,
  );

describe('shot changes', () => {
  it('are detected once a video is burned in, kept, and served to the editor of its company only', async () => {
    const videoId = await uploadVideo(app, '/api/upload-log/hc', owner.token, [
      await filePart('fileVideo', clip, 'shots.mp4', 'video/mp4'),
      { name: 'fileSub', filename: 'shots.srt', content: '1\n00:00:00,500 --> 00:00:01,900\nHello\n' },
    ]);
    await runQueuedJobs(pool, services);
    // The burn-in's last step queued the detection in the transaction that completed the video.
    const runs = await db
      .selectFrom('job_runs')
      .select(['task', 'outcome'])
      .where('video_id', '=', videoId)
      .orderBy('started_at')
      .execute();
    const tasks = runs.map((run) => run.task);
    expect(tasks.indexOf('detect_shot_changes')).toBeGreaterThan(tasks.indexOf('join_burned_segments'));
    expect(tasks.indexOf('join_burned_segments')).toBeGreaterThan(-1);
    expect(runs.filter((run) => run.task === jobs.detectShotChanges.name)).toEqual([
      { task: 'detect_shot_changes', outcome: 'completed' },
    ]);

    const stored = await db
      .selectFrom('video_shot_changes')
      .select('times_ms')
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(stored.times_ms).toEqual(CUTS);
    const mine = await ownerTrpc.query('shotChanges.ofVideo', { id: videoId });
    expect(mine).toMatchObject({ status: 200, data: { status: 'ready', timesMs: CUTS } });

    // Another company's user finds no such video, and learns none of its cuts.
    const theirs = await strangerTrpc.query('shotChanges.ofVideo', { id: videoId });
    expect(theirs.status).toBe(404);
    expect(theirs.data).toBeUndefined();
    expect(JSON.stringify(theirs.error)).not.toContain('3600');
    expect(await detectionsQueued(videoId)).toBe(0);

    // Deleting the video deletes its cuts with it.
    expect((await ownerTrpc.mutation('videos.delete', { id: videoId })).status).toBe(200);
    const left = await db
      .selectFrom('video_shot_changes')
      .select('video_id')
      .where('video_id', '=', videoId)
      .execute();
    expect(left).toEqual([]);
  });

  it('are detected when the editor first asks for a video uploaded before detection existed', async () => {
    const folder = `videos/${randomUUID()}`;
    await services.storage.write(`${folder}/source.mp4`, createReadStream(clip));
    const videoId = await insertVideo(db, {
      companyId: owner.companyId ?? 0,
      createdBy: owner.id,
      mode: 'hardcode',
      filename: 'old.mp4',
      title: 'Old',
      description: '',
      rso: null,
      inLan: null,
      outLan: null,
      durationSeconds: 5,
      priceCents: 10,
      sourceKey: `${folder}/source.mp4`,
      audioStartMs: 0,
      srtStatus: 'completed',
    });
    // The stranger's asking queues nothing.
    expect((await strangerTrpc.query('shotChanges.ofVideo', { id: videoId })).status).toBe(404);
    expect(await detectionsQueued(videoId)).toBe(0);

    const first = await ownerTrpc.query('shotChanges.ofVideo', { id: videoId });
    expect(first.data).toEqual({ status: 'detecting' });
    // Asking again while it waits queues nothing more.
    await ownerTrpc.query('shotChanges.ofVideo', { id: videoId });
    expect(await detectionsQueued(videoId)).toBe(1);
    await runQueuedJobs(pool, services);
    expect((await ownerTrpc.query('shotChanges.ofVideo', { id: videoId })).data).toEqual({
      status: 'ready',
      timesMs: CUTS,
    });
  });
});
