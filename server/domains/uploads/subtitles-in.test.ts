import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { balanceCents } from '../../../test/support/database';
import { payingUser, postMultipart, testApp, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { CLIPS_DIR, decodeFrame, media } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { waitForVideo } from '../../../test/support/videos';
import { latestSubtitle } from '../videos/repo';

/**
 * Issue 22, subtitles in: the upload form's path and the product's revision path take WebVTT and ASS
 * beside SRT, told apart by content; the legacy paths stay SRT only.
 */
const run = promisify(execFile);
const { app, call, db, pool, services } = await testApp();
const user = await payingUser(call, 'subtitles-in', 20);
const WIDTH = 640;
const HEIGHT = 360;
let clip = '';

const VTT =
  'WEBVTT\n\nNOTE from a web player\n\n00:00.000 --> 00:02.000 align:start line:0\n<v Ana>Read <i>me</i></v>\n';
const ASS = [
  '[Script Info]',
  'ScriptType: v4.00+',
  '',
  '[V4+ Styles]',
  'Format: Name, Fontname, Fontsize, PrimaryColour, Alignment',
  'Style: Default,Comic Sans MS,120,&H000000FF,8',
  '',
  '[Events]',
  'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  'Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\an8\\c&H0000FF&\\fs200}Top\\Nand red',
].join('\n');

beforeAll(async () => {
  await mkdir(CLIPS_DIR, { recursive: true });
  clip = path.join(CLIPS_DIR, 'subtitles-in-grey.mp4');
  await run(media.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x808080:size=${WIDTH}x${HEIGHT}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
  ]);
});

/** The white (product style) pixels of the frame at `seconds`, as a bounding box. */
async function whitePixels(file: string, seconds: number) {
  const pixels = await decodeFrame(file, seconds, { format: 'rgb24' });
  expect(pixels.length).toBe(WIDTH * HEIGHT * 3);
  const box = { count: 0, top: HEIGHT, bottom: -1 };
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const at = (y * WIDTH + x) * 3;
      if (Math.min(pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0) < 200) continue;
      box.count++;
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  return box;
}

async function burned(videoId: number) {
  await runQueuedJobs(pool, services);
  const row = await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
  // These tests store on disk, where the local file is the stored one and outlives the call.
  return services.storage.withLocalFile(row.hardcoded_key ?? '', async (file) => file);
}

async function hardcode(url: string, name: string, content: string) {
  return postMultipart(app, url, user.token, [
    { name: 'fileSub', filename: name, content },
    await filePart('fileVideo', clip, 'grey.mp4', 'video/mp4'),
  ]);
}

function revise(url: string, videoId: number, name: string, content: string) {
  return postMultipart(app, url, user.token, [
    { name: 'id', value: String(videoId) },
    { name: 'file', filename: name, content },
  ]);
}

describe("the hardcode form's path", () => {
  it('burns a WebVTT file: its text, in the product style at the place its settings give, only while the cue lasts', async () => {
    const { status, body } = await hardcode('/api/videos/upload/hc', 'talk.vtt', VTT);
    expect(status, JSON.stringify(body)).toBe(200);
    const videoId = body.data.id as number;
    expect((await latestSubtitle(db, videoId))?.srt).toBe(
      '1\n00:00:00,000 --> 00:00:02,000\n{\\an7}Read <i>me</i>\n',
    );
    const output = await burned(videoId);
    const during = await whitePixels(output, 1);
    expect(during.count).toBeGreaterThan(100);
    // The cue's own settings (line:0 align:start) place it at the top left (issue 36).
    expect(during.bottom).toBeLessThan(HEIGHT * 0.4);
    expect((await whitePixels(output, 2.6)).count).toBe(0);
  });

  it("burns an ASS file with the chosen style instead of the file's, its \\N a second line", async () => {
    const videoId = await uploadVideo(app, '/api/videos/upload/hc', user.token, [
      { name: 'fileSub', filename: 'talk.ass', content: ASS },
      await filePart('fileVideo', clip, 'grey.mp4', 'video/mp4'),
    ]);
    expect((await latestSubtitle(db, videoId))?.srt).toBe(
      '1\n00:00:00,000 --> 00:00:02,000\n{\\an8}Top\nand red\n',
    );
    const text = await whitePixels(await burned(videoId), 1);
    // White, not the file's red; at the file's top (its \an8, issue 36); two lines high.
    expect(text.count).toBeGreaterThan(100);
    expect(text.bottom).toBeLessThan(HEIGHT * 0.5);
    const oneLine = await whitePixels(
      await burned(
        await uploadVideo(app, '/api/videos/upload/hc', user.token, [
          { name: 'fileSub', filename: 'one.ass', content: ASS.replace('Top\\Nand red', 'Top and red') },
          await filePart('fileVideo', clip, 'grey.mp4', 'video/mp4'),
        ]),
      ),
      1,
    );
    expect(text.bottom - text.top).toBeGreaterThan((oneLine.bottom - oneLine.top) * 1.5);
  });

  it('knows a WebVTT file by its content whatever its name', async () => {
    const { status, body } = await hardcode('/api/videos/upload/hc', 'subs.txt', VTT);
    expect(status, JSON.stringify(body)).toBe(200);
  });

  it('refuses a malformed WebVTT or ASS file naming the line, and charges nothing', async () => {
    const before = await balanceCents(db, user.companyId ?? 0);
    const badVtt = await hardcode(
      '/api/videos/upload/hc',
      'talk.vtt',
      'WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nHi\n',
    );
    expect(badVtt.status).toBe(400);
    expect(badVtt.body.error.message).toBe(
      'Line 3: start time "00:00:01,000" is not a valid WebVTT time (expected HH:MM:SS.mmm)',
    );
    const badAss = await hardcode(
      '/api/videos/upload/hc',
      'talk.ass',
      '[Events]\nDialogue: 0,0:00:01.00,Hi\n',
    );
    expect(badAss.status).toBe(400);
    expect(badAss.body.error.message).toBe(
      'Line 2: a Dialogue line needs 10 fields separated by commas, found 3',
    );
    const empty = await hardcode('/api/videos/upload/hc', 'talk.ass', '[Script Info]\nTitle: nothing\n');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('The file has no [Events] section, so it holds no subtitles.');
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
  });

  it('leaves the legacy path SRT only, with its own words', async () => {
    const before = await balanceCents(db, user.companyId ?? 0);
    const refused = await hardcode('/api/upload-log/hc', 'talk.vtt', VTT);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(UPLOAD_MESSAGES.srtType.slice(2));
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
  });
});

describe('a revision', () => {
  it("takes a WebVTT file on the product's path and burns it; the legacy path stays SRT only", async () => {
    const videoId = await uploadVideo(app, '/api/videos/upload/hc', user.token, [
      { name: 'fileSub', filename: 'first.srt', content: '1\n00:00:00,000 --> 00:00:02,000\nFirst\n' },
      await filePart('fileVideo', clip, 'grey.mp4', 'video/mp4'),
    ]);
    await burned(videoId);
    const legacy = await revise('/api/upload-srt', videoId, 'edited.vtt', VTT);
    expect(legacy.status).toBe(400);
    expect(legacy.body.error.message).toBe(UPLOAD_MESSAGES.editedSrtType);

    const malformed = await revise(
      '/api/videos/upload-subtitles',
      videoId,
      'edited.vtt',
      'WEBVTT\n\nintro\nHi\n',
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe(
      'Line 4: expected a timing line after cue identifier "intro", found "Hi"',
    );

    const accepted = await revise('/api/videos/upload-subtitles', videoId, 'edited.vtt', VTT);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const version = await latestSubtitle(db, videoId);
    expect(version).toMatchObject({ version: 1, name: 'edited.vtt' });
    expect(version?.srt).toBe('1\n00:00:00,000 --> 00:00:02,000\n{\\an7}Read <i>me</i>\n');
    const row = await waitForVideo(db, videoId, (video) => video.revisions === 1);
    expect(row.revisions).toBe(1);
    expect((await whitePixels(await burned(videoId), 1)).count).toBeGreaterThan(100);
  });
});

describe('subtitle files made elsewhere (issue 36)', () => {
  it('burns an SRT cue starting with {\\an8} at the top of the frame, the tag never shown', async () => {
    const srt = '1\n00:00:00,000 --> 00:00:02,000\n{\\an8}At the top\n';
    const videoId = await uploadVideo(app, '/api/videos/upload/hc', user.token, [
      { name: 'fileSub', filename: 'top.srt', content: srt },
      await filePart('fileVideo', clip, 'grey.mp4', 'video/mp4'),
    ]);
    const text = await whitePixels(await burned(videoId), 1);
    expect(text.count).toBeGreaterThan(100);
    expect(text.bottom).toBeLessThan(HEIGHT / 3);
  });

  it('keeps every good cue of an SRT with one inverted cue, on the legacy path too, and stores what was left out', async () => {
    const srt =
      '1\n00:00:00,000 --> 00:00:01,000\nOne\n\n2\n00:03:10,790 --> 00:00:21,526\nInverted\n\n3\n00:00:01,500 --> 00:00:02,500\nThree\n';
    const { status, body } = await hardcode('/api/upload-log/hc', 'talk.srt', srt);
    expect(status, JSON.stringify(body)).toBe(200);
    const version = await latestSubtitle(db, body.data.id as number);
    expect(version?.srt).toBe(
      '1\n00:00:00,000 --> 00:00:01,000\nOne\n\n2\n00:00:01,500 --> 00:00:02,500\nThree\n',
    );
    expect(version?.stats).toEqual({
      reading: {
        notes: ['Line 6: end time 00:00:21,526 is before start time 00:03:10,790; the subtitle was left out'],
      },
    });
  });

  it('tells My Videos and the editor (tRPC) what reading the file repaired, with the video', async () => {
    const srt = '1\n00:00:00,000 --> 00:00:01,000\nOne\n\n2\n00:00:01,000 --> 00:00:00,500\nBackwards\n';
    const { status, body } = await hardcode('/api/videos/upload/hc', 'repaired.srt', srt);
    expect(status, JSON.stringify(body)).toBe(200);
    const trpc = async (path: string, input: unknown) => {
      const query = encodeURIComponent(JSON.stringify(input));
      const response = await app.inject({
        method: 'GET',
        url: `/trpc/${path}?input=${query}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      return response.json().result.data;
    };
    const notes = [
      'Line 6: end time 00:00:00,500 is before start time 00:00:01,000; the subtitle was left out',
    ];
    expect((await trpc('videos.get', { id: body.data.id })).reading_notes).toEqual(notes);
    const { videos } = await trpc('videos.list', { page: 1, pageSize: 100, sort: 'desc' });
    const listed = videos.find((video: { id: number }) => video.id === body.data.id);
    expect(listed?.reading_notes).toEqual(notes);
  });
});
