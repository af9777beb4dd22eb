import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_IN_HARDCODE_MESSAGE } from '../../../shared/schemas/input-formats';
import { UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { balanceCents } from '../../../test/support/database';
import { payingUser, postMultipart, testApp, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { CLIPS_DIR, decodeFrame, media } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { waitForVideo } from '../../../test/support/videos';
import { probeVideo } from '../../media/probe';

const run = promisify(execFile);
const { app, call, db, pool, services } = await testApp();
const user = await payingUser(call, 'formats', 20);
const SRT = '1\n00:00:00,000 --> 00:00:02,000\nUpright and readable\n';

/** A grey picture with a tone, 2 s, encoded as the arguments say: what a phone or a recorder writes. */
async function makeFile(name: string, size: string, encode: string[]): Promise<string> {
  const file = path.join(CLIPS_DIR, name);
  await run(media.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x808080:size=${size}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '2'],
    ...encode,
    file,
  ]);
  return file;
}

/**
 * ffmpeg 5 writes no rotation into a MOV, so the test sets a quarter turn in the video track's
 * header matrix as a phone does (ISO 14496-12 tkhd, version 0: the matrix 48 bytes from its start).
 */
async function rotateQuarterTurn(file: string, target: string): Promise<string> {
  const bytes = await readFile(file);
  const box = bytes.indexOf('tkhd') - 4;
  expect(bytes[box + 8]).toBe(0);
  const matrix = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
  for (const [index, value] of matrix.entries()) bytes.writeInt32BE(value, box + 48 + index * 4);
  await writeFile(target, bytes);
  return target;
}

const files: Record<string, string> = {};
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

beforeAll(async () => {
  files.mov = await makeFile('formats.mov', '640x360', [...H264, '-c:a', 'aac', '-f', 'mov']);
  files.m4v = await makeFile('formats.m4v', '320x240', [...H264, '-c:a', 'aac', '-f', 'ipod']);
  files.mkv = await makeFile('formats.mkv', '320x240', [
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'],
    ...['-c:a', 'libopus', '-f', 'matroska'],
  ]);
  files.webm = await makeFile('formats.webm', '320x240', [
    ...['-c:v', 'libaom-av1', '-cpu-used', '8', '-usage', 'realtime', '-b:v', '200k'],
    ...['-c:a', 'libopus', '-f', 'webm'],
  ]);
  files.mp3 = await makeFile('formats.mp3', '320x240', ['-vn', '-c:a', 'libmp3lame', '-f', 'mp3']);
  files.rotated = await rotateQuarterTurn(files.mov, path.join(CLIPS_DIR, 'formats-rotated.mov'));
});

/** The brightest pixels of the burned frame (the white subtitles on grey), as a bounding box. */
async function subtitlePixels(file: string, width: number, height: number) {
  const pixels = await decodeFrame(file, 1, { format: 'gray' });
  expect(pixels.length).toBe(width * height);
  const box = { count: 0, left: width, right: -1, top: height, bottom: -1 };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if ((pixels[y * width + x] ?? 0) < 200) continue;
      box.count++;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  return box;
}

async function burnedThrough(kind: string, named = `clip.${kind}`) {
  const videoId = await uploadVideo(app, '/api/videos/upload/hc', user.token, [
    { name: 'fileSub', filename: 'clip.srt', content: SRT },
    await filePart('fileVideo', files[kind] ?? '', named, 'application/octet-stream'),
  ]);
  await runQueuedJobs(pool, services);
  const row = await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
  // These tests store on disk, where the local file is the stored one and outlives the call.
  const output = await services.storage.withLocalFile(row.hardcoded_key ?? '', async (file) => file);
  return { videoId, output, probe: await probeVideo(media.ffprobe, output) };
}

describe("the upload forms' path", () => {
  it.each([
    ['mov', 'a MOV'],
    ['m4v', 'an M4V'],
    ['mkv', 'an MKV with VP9 and Opus'],
    ['webm', 'a WebM with AV1 and Opus'],
  ])('burns %s (%s) into an H.264 + AAC MP4 with the subtitles visible', async (kind) => {
    const { probe, output } = await burnedThrough(kind);
    expect(probe.isMp4).toBe(true);
    expect(probe.audio?.codec).toBe('aac');
    const { stdout } = await run(media.ffprobe, [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0'],
      output,
    ]);
    expect(stdout.trim()).toBe('h264');
    const text = await subtitlePixels(output, probe.width, probe.height);
    expect(text.count).toBeGreaterThan(100);
    expect(text.top).toBeGreaterThan(probe.height * 0.6);
  });

  it('recognises a file by its content, not its name', async () => {
    const { probe } = await burnedThrough('mkv', 'screen-recording.mp4');
    expect(probe.isMp4).toBe(true);
  });

  it('turns a phone video with rotation metadata upright and lays the subtitles out on it', async () => {
    const source = await probeVideo(media.ffprobe, files.rotated ?? '');
    expect(Math.abs(source.rotation)).toBe(90);
    expect([source.width, source.height]).toEqual([360, 640]);
    const { probe, output } = await burnedThrough('rotated', 'phone.mov');
    expect([probe.width, probe.height]).toEqual([360, 640]);
    const text = await subtitlePixels(output, 360, 640);
    expect(text.count).toBeGreaterThan(100);
    // Along the bottom of the upright frame, inside 68% of its width: not sideways along an edge.
    expect(text.top).toBeGreaterThan(640 * 0.7);
    expect(text.right - text.left).toBeLessThanOrEqual(360 * 0.68 + 2);
    expect(text.bottom - text.top).toBeLessThan(640 * 0.15);
  });

  it('refuses an audio-only file before any charge, naming what it found', async () => {
    const before = await balanceCents(db, user.companyId ?? 0);
    const refused = await postMultipart(app, '/api/videos/upload/hc', user.token, [
      { name: 'fileSub', filename: 'clip.srt', content: SRT },
      await filePart('fileVideo', files.mp3 ?? '', 'song.mp4', 'video/mp4'),
    ]);
    expect(refused.status).toBe(400);
    // The server's answer drops the form's leading "* " (serverMessage).
    // The upload forms take audio in generate mode only (audio-only.test.ts): nothing to burn into here.
    expect(refused.body.error.message).toBe(AUDIO_IN_HARDCODE_MESSAGE.slice(2));
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
  });
});

describe('the legacy path (PRODUCT.md §5)', () => {
  it('still takes MP4 family files and refuses an MKV with its own text, charging nothing', async () => {
    const before = await balanceCents(db, user.companyId ?? 0);
    const refused = await postMultipart(app, '/api/upload-log/hc', user.token, [
      { name: 'fileSub', filename: 'clip.srt', content: SRT },
      await filePart('fileVideo', files.mkv ?? '', 'clip.mp4', 'video/mp4'),
    ]);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(UPLOAD_MESSAGES.mp4Type.slice(2));
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
    await uploadVideo(app, '/api/upload-log/hc', user.token, [
      { name: 'fileSub', filename: 'clip.srt', content: SRT },
      await filePart('fileVideo', files.mov ?? '', 'clip.mov', 'video/quicktime'),
    ]);
  });
});
