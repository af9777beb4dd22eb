import { describe, expect, it } from 'vitest';
import { startS3MultipartProxy } from '../../test/fakes/s3-multipart-proxy';
import { payingUser, testApp } from '../../test/support/http';
import { makeClip } from '../../test/support/media';
import { type StorageMode, startS3Server } from '../../test/support/s3-server';
import { resumeOverhead } from '../derive';
import { measureUploadResume } from './upload-resume';

describe.each<StorageMode>(['disk', 's3'])(
  'the upload_resume_overhead measurement (%s storage)',
  async (storage) => {
    // With STORAGE=s3 the 24.5 MB travel as 8 MB parts of the bucket's multipart upload, the cut one included.
    const s3 = storage === 's3' ? await startS3Server() : null;
    const proxy = s3 ? await startS3MultipartProxy(s3.env.S3_ENDPOINT ?? '') : null;
    const { app, call, db } = await testApp(s3 && proxy ? { ...s3.env, S3_ENDPOINT: proxy.url } : {});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    it('cuts an upload mid-PATCH at half, resumes it from the server offset, and counts every byte sent', async () => {
      const user = await payingUser(call, `bench-resume-${storage}`, 20);
      const file = await makeClip('bench-resume-30s.mp4', { seconds: 30, width: 1280, height: 720 });
      const measured = await measureUploadResume(file, { baseUrl, token: user.token });
      expect(measured.uninterrupted).toBe(measured.bytes);
      // A real cut: half the file handed to the connection, less than all of it stored.
      expect(measured.beforeCut).toBe(Math.floor(measured.bytes / 2));
      expect(measured.resumedAt).toBeGreaterThan(measured.bytes / 4);
      expect(measured.resumedAt).toBeLessThanOrEqual(measured.beforeCut);
      expect(measured.afterCut).toBeLessThan(measured.bytes);
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
  },
);
