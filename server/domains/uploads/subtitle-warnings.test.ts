import { beforeAll, describe, expect, it } from 'vitest';
import { payingUser, postMultipart, testApp, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { makeClip } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { waitForVideo } from '../../../test/support/videos';

/**
 * Issue 35: an upload of the user's own subtitles (the hardcode forms, edited subtitles; REST and what
 * tRPC shows) warns in plain sentences about characters no shipped font draws and cues that start
 * after the video ends, naming them, and goes on.
 */
const { app, call, db, pool, services } = await testApp();
const user = await payingUser(call, 'subtitle-warnings', 20);
let clip = '';

beforeAll(async () => {
  clip = await makeClip('subtitle-warnings-3s.mp4', { seconds: 3 });
});

/** Cue 1 has emoji the shipped face draws; cue 2 an Egyptian hieroglyph none does; cue 3 starts at 0:10. */
const SRT = [
  '1\n00:00:00,000 --> 00:00:01,000\nAction 🎬 😀 🎉',
  '2\n00:00:01,200 --> 00:00:02,000\nAncient 𓀀 sign',
  '3\n00:00:10,000 --> 00:00:11,000\nToo late',
].join('\n\n');
const GLYPHS =
  'This character has no font to draw it and will show as an empty box in the video: "𓀀" (U+13000) in subtitle 2.';
const PAST_END = 'Subtitle 3 starts after the video ends (at 0:03) and will not be shown.';

async function trpcVideo(id: number) {
  const input = encodeURIComponent(JSON.stringify({ id }));
  const response = await app.inject({
    method: 'GET',
    url: `/trpc/videos.get?input=${input}`,
    headers: { authorization: `Bearer ${user.token}` },
  });
  return response.json().result.data;
}

describe('warnings at upload', () => {
  it('a hardcode upload answers them (REST) and keeps them with the video (tRPC), and is taken', async () => {
    for (const url of ['/api/videos/upload/hc', '/api/upload-log/hc']) {
      const { status, body } = await postMultipart(app, url, user.token, [
        { name: 'fileSub', filename: 'mixed.srt', content: SRT },
        await filePart('fileVideo', clip, 'clip.mp4', 'video/mp4'),
      ]);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.meta.notes).toEqual([GLYPHS, PAST_END]);
      expect((await trpcVideo(body.data.id)).reading_notes).toEqual([GLYPHS, PAST_END]);
    }
  });

  it('says nothing of a file every character of which is drawn and shown', async () => {
    const { status, body } = await postMultipart(app, '/api/videos/upload/hc', user.token, [
      { name: 'fileSub', filename: 'fine.srt', content: '1\n00:00:00,000 --> 00:00:01,000\nこんにちは 🎬\n' },
      await filePart('fileVideo', clip, 'clip.mp4', 'video/mp4'),
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.meta.notes).toEqual([]);
  });

  it('the subtitle file sent first of a resumable upload answers the characters (its video is not there yet)', async () => {
    const { status, body } = await postMultipart(app, '/api/videos/uploads/srt', user.token, [
      { name: 'fileSub', filename: 'mixed.srt', content: SRT },
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.notes).toEqual([GLYPHS]);
  });

  it('an edited subtitle file answers them too, on both revision paths', async () => {
    for (const url of ['/api/videos/upload-subtitles', '/api/upload-srt']) {
      const videoId = await uploadVideo(app, '/api/videos/upload/hc', user.token, [
        { name: 'fileSub', filename: 'first.srt', content: '1\n00:00:00,000 --> 00:00:01,000\nFirst\n' },
        await filePart('fileVideo', clip, 'clip.mp4', 'video/mp4'),
      ]);
      await runQueuedJobs(pool, services);
      await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
      const { status, body } = await postMultipart(app, url, user.token, [
        { name: 'id', value: String(videoId) },
        { name: 'file', filename: 'edited.srt', content: SRT },
      ]);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.meta.notes).toEqual([GLYPHS, PAST_END]);
      expect((await trpcVideo(videoId)).reading_notes).toEqual([GLYPHS, PAST_END]);
    }
  });
});
