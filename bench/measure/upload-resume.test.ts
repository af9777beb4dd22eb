import { describe, expect, it } from 'vitest';
import { payingUser, testApp } from '../../test/support/http';
import { makeClip } from '../../test/support/media';
import { resumeOverhead } from '../derive';
import { measureUploadResume } from './upload-resume';

const { app, call, db } = await testApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

describe('the upload_resume_overhead measurement', () => {
  it('cuts an upload mid-PATCH at half, resumes it from the server offset, and counts every byte sent', async () => {
    const user = await payingUser(call, 'bench-resume', 20);
    const file = await makeClip('bench-resume-30s.mp4', { seconds: 30, width: 1280, height: 720 });
    const measured = await measureUploadResume(file, { baseUrl, token: user.token });
    expect(measured.uninterrupted).toBe(measured.bytes);
    expect(measured.beforeCut).toBeGreaterThanOrEqual(measured.bytes / 2);
    expect(measured.resumedAt).toBeGreaterThan(0);
    expect(measured.resumedAt).toBeLessThanOrEqual(measured.beforeCut);
    expect(measured.afterCut).toBe(measured.bytes - measured.resumedAt);
    const overhead = resumeOverhead(measured);
    console.info(
      `upload_resume_overhead on ${(measured.bytes / 1e6).toFixed(1)} MB: ${overhead.toFixed(4)}`,
      measured,
    );
    expect(overhead).toBeLessThanOrEqual(1.05);
    const videos = await db
      .selectFrom('videos')
      .select('id')
      .where('company_id', '=', user.companyId ?? 0)
      .execute();
    expect(videos).toHaveLength(2);
  });
});
