import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { payingUser, testApp, testCaller, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { CLIPS_DIR, decodeFrame, media } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { downloadByLink, waitForVideo } from '../../../test/support/videos';

/**
 * Issue 22's input videos: a variable frame rate and odd dimensions, made by ffmpeg here, through
 * upload, the burn-in and the download. The output must play, have even dimensions and the source's
 * duration, and show each subtitle while it is due and not outside it.
 */
const run = promisify(execFile);
const { app, call, db, pool, services } = await testApp();
const user = await payingUser(call, 'input-shapes', 20);
const api = testCaller(app, user.token);
const files: Record<string, string> = {};

const GREY = 'color=c=0x808080:size=640x360:rate=30';
const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'];
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];

beforeAll(async () => {
  await mkdir(CLIPS_DIR, { recursive: true });
  // 70 s (two burn-in segments) whose rate changes every 5 s: 30 fps, then every third frame (10 fps).
  files.vfr = path.join(CLIPS_DIR, 'shapes-vfr.mp4');
  await run(media.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', GREY.replace('640x360', '320x240'), ...TONE, '-t', '70'],
    ...['-vf', "select='lt(mod(t\\,10)\\,5)+not(mod(n\\,3))'", '-fps_mode', 'vfr'],
    ...H264,
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', files.vfr],
  ]);
  // 641×361: H.264 4:4:4 in MP4 (4:2:0 cannot hold odd sizes), and VP9 in WebM.
  const odd = `${GREY},format=yuv444p,scale=641:361`;
  files.oddMp4 = path.join(CLIPS_DIR, 'shapes-641x361.mp4');
  await run(media.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', odd, ...TONE, '-t', '3'],
    ...H264,
    ...['-pix_fmt', 'yuv444p', '-c:a', 'aac', files.oddMp4],
  ]);
  files.oddWebm = path.join(CLIPS_DIR, 'shapes-641x361.webm');
  await run(media.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', odd, ...TONE, '-t', '3'],
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'libopus', files.oddWebm],
  ]);
});

interface Stream {
  codec_type: string;
  width?: number;
  height?: number;
  nb_read_frames?: string;
}

/** ffprobe decoding every frame: an output that does not play fails here. */
async function probePlayable(file: string) {
  const { stdout } = await run(media.ffprobe, [
    ...['-v', 'error', '-count_frames', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  const parsed = JSON.parse(stdout) as { format: { duration: string }; streams: Stream[] };
  await run(media.ffmpeg, ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
  const video = parsed.streams.find((stream) => stream.codec_type === 'video');
  return {
    duration: Number(parsed.format.duration),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    frames: Number(video?.nb_read_frames ?? 0),
    hasAudio: parsed.streams.some((stream) => stream.codec_type === 'audio'),
  };
}

/** How many pixels of the frame at `seconds` are white (the product's subtitles on grey). */
async function whiteAt(file: string, seconds: number, width: number, height: number): Promise<number> {
  const pixels = await decodeFrame(file, seconds, { format: 'gray' });
  expect(pixels.length).toBe(width * height);
  return pixels.filter((value) => value > 200).length;
}

/** Uploads on the form's path, burns, and downloads through the app's own link. */
async function throughThePipeline(source: string, name: string, srt: string): Promise<string> {
  const videoId = await uploadVideo(app, '/api/videos/upload/hc', user.token, [
    { name: 'fileSub', filename: 'talk.srt', content: srt },
    await filePart('fileVideo', source, name, 'application/octet-stream'),
  ]);
  await runQueuedJobs(pool, services);
  await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed', 120_000);
  const link = await api.query('videos.downloadUrl', { id: videoId });
  expect(link.status).toBe(200);
  const download = await downloadByLink(app, link.data.url as string);
  expect(download.status).toBe(200);
  const file = path.join(CLIPS_DIR, `shapes-out-${videoId}.mp4`);
  await writeFile(file, download.body);
  return file;
}

const cue = (index: number, from: string, to: string, text: string) =>
  `${index}\n00:${from},000 --> 00:${to},000\n${text}\n`;

describe('input videos of unusual shape', () => {
  it('burns a variable frame rate video with every subtitle at its time, for the whole duration', async () => {
    const srt = [
      cue(1, '00:06', '00:09', 'In the slow part'),
      cue(2, '00:30', '00:33', 'At half time'),
      cue(3, '00:51', '00:54', 'In the second segment'),
      cue(4, '01:05', '01:08', 'Near the end'),
    ].join('\n');
    const output = await throughThePipeline(files.vfr ?? '', 'vfr.mp4', srt);
    const played = await probePlayable(output);
    expect(played.duration).toBeGreaterThan(69.8);
    expect(played.duration).toBeLessThan(70.3);
    expect([played.width, played.height]).toEqual([320, 240]);
    expect(played.hasAudio).toBe(true);
    // Every source frame once: none lost or doubled at the seam between the two segments.
    expect(played.frames).toBe((await probePlayable(files.vfr ?? '')).frames);
    for (const [due, gap] of [
      [7.5, 5.5],
      [31.5, 34],
      [52.5, 50],
      [66.5, 68.8],
    ] as const) {
      expect(await whiteAt(output, due, 320, 240), `subtitle at ${due} s`).toBeGreaterThan(50);
      expect(await whiteAt(output, gap, 320, 240), `nothing at ${gap} s`).toBe(0);
    }
  }, 180_000);

  it.each([
    ['oddMp4', 'odd.mp4', 'H.264 4:4:4 MP4'],
    ['oddWebm', 'odd.webm', 'VP9 WebM'],
  ])(
    'burns a 641×361 %s (%s) into an even-sized MP4 with the subtitles visible',
    async (kind, name) => {
      const output = await throughThePipeline(files[kind] ?? '', name, cue(1, '00:00', '00:02', 'Odd sizes'));
      const played = await probePlayable(output);
      expect(played.width % 2).toBe(0);
      expect(played.height % 2).toBe(0);
      expect(Math.abs(played.width - 641)).toBeLessThanOrEqual(1);
      expect(Math.abs(played.height - 361)).toBeLessThanOrEqual(1);
      expect(played.duration).toBeGreaterThan(2.9);
      expect(played.duration).toBeLessThan(3.2);
      expect(await whiteAt(output, 1, played.width, played.height)).toBeGreaterThan(100);
      expect(await whiteAt(output, 2.6, played.width, played.height)).toBe(0);
    },
    120_000,
  );
});
