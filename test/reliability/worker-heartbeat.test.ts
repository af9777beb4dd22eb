import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../server/domains/uploads/repo';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';
import { jobs as catalog } from '../../server/jobs/catalog';
import { enqueue } from '../../server/jobs/queue';
import { HEARTBEAT_MS } from '../../worker/heartbeats';
import { startWorker } from '../../worker/runner';
import { testApp } from '../support/http';

/**
 * A live worker's heartbeat must cover the jobs it holds: Graphile Worker locks a job in the name of
 * the worker pool, so a heartbeat in any other name would hand a running job to a second worker.
 */
const { db, pool, services } = await testApp();
const runs = path.join(services.tmpDir, '..', 'probe-runs.log');
// A burn-in step that lasts longer than two heartbeats: its ffprobe notes each run, then waits.
const slowProbe = path.join(services.tmpDir, '..', 'slow-ffprobe.sh');
await writeFile(runs, '');
await writeFile(slowProbe, `#!/bin/sh\necho run >> ${runs}\nsleep ${(HEARTBEAT_MS * 2.5) / 1000}\nexit 1\n`, {
  mode: 0o755,
});
services.media = { ...services.media, ffprobe: slowProbe };
const worker = await startWorker(pool, services, 2);
afterAll(() => worker.stop());

describe('worker heartbeats', () => {
  it('keep a long job locked by its live worker: it runs once, not again in a second slot', async () => {
    const { id: companyId } = await db
      .insertInto('companies')
      .values({ name: 'Co' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const videoId = await insertVideo(db, {
      companyId,
      createdBy: 1,
      mode: 'hardcode',
      filename: 'a.mp4',
      title: '',
      description: '',
      rso: null,
      inLan: null,
      outLan: null,
      durationSeconds: 1,
      priceCents: 0,
      sourceKey: 'videos/x/source.mp4',
      audioStartMs: 0,
      srtStatus: 'completed',
    });
    await insertSubtitleVersion(db, {
      videoId,
      version: 0,
      origin: 'uploaded',
      name: 'a.srt',
      srt: '1\n00:00:00,000 --> 00:00:01,000\nx\n',
    });
    // The step reads its source through storage before probing it: a file must be there.
    await services.storage.write('videos/x/source.mp4', Readable.from(['not really a video']));
    await enqueue(db, catalog.burnInVideo, { videoId });
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 2));
    const jobs = await sql<{ attempts: number; locked_by: string | null }>`
      select attempts, locked_by from graphile_worker.jobs`.execute(db);
    expect(jobs.rows).toEqual([{ attempts: 1, locked_by: expect.stringMatching(/^pool-/) }]);
    expect((await readFile(runs, 'utf8')).trim().split('\n')).toEqual(['run']);
  }, 30_000);
});
