import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOFT_SUBTITLE_TEXTS } from '../../../shared/schemas/soft-subtitles';
import { parseSrt } from '../../../shared/subtitles';
import { subtitleStyle } from '../../../shared/subtitles/subtitle-style';
import { payingUser, testApp, testCaller } from '../../../test/support/http';
import { makeClip, media } from '../../../test/support/media';
import { downloadByLink } from '../../../test/support/videos';
import { insertVideo } from '../uploads/repo';
import { insertSubtitleVersion } from './repo';
import { softSubtitleFile } from './soft-subtitles';

const run = promisify(execFile);
const { app, call, db, services } = await testApp();
const owner = await payingUser(call, 'soft-owner');
const stranger = await payingUser(call, 'soft-stranger');
const mine = testCaller(app, owner.token);
const theirs = testCaller(app, stranger.token);

const SRT = [
  '1\n00:00:00,500 --> 00:00:01,250\nBonjour à tous',
  '2\n00:00:01,400 --> 00:00:02,900\nÇa commence.',
].join('\n\n');
let clip: string;
let audio: string;
/** H.264 with PCM sound in Matroska: MP4 cannot carry PCM without converting it. */
let pcmSource = '';
let workDir: string;
afterAll(() => rm(workDir, { recursive: true, force: true }));

beforeAll(async () => {
  clip = await makeClip('soft-subtitles-3s.mp4', { seconds: 3 });
  workDir = await mkdtemp(path.join(os.tmpdir(), 'soft-subtitles-test-'));
  audio = path.join(workDir, 'sound.m4a');
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y', '-i', clip];
  await run(media.ffmpeg, [...quiet, '-vn', '-c:a', 'copy', audio]);
  pcmSource = path.join(workDir, 'pcm.mkv');
  await run(media.ffmpeg, [...quiet, '-c:v', 'copy', '-c:a', 'pcm_s16le', pcmSource]);
});

interface ProbedStream {
  index: number;
  codec_type: string;
  codec_name: string;
  nb_read_packets?: string;
  start_time?: string;
  tags?: Record<string, string>;
  disposition: { default: number };
}

async function probeStreams(file: string): Promise<ProbedStream[]> {
  const { stdout } = await run(media.ffprobe, [
    ...['-v', 'error', '-count_packets', '-show_streams', '-of', 'json', file],
  ]);
  return (JSON.parse(stdout) as { streams: ProbedStream[] }).streams;
}

/** A subtitle track of a file as ffmpeg reads it back, written out as SRT. */
async function trackAsSrt(file: string, track: number): Promise<string> {
  const { stdout } = await run(media.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-i', file, '-map', `0:s:${track}`, '-f', 'srt', '-'],
  ]);
  return stdout;
}

/**
 * Cues as times on the picture's clock and plain text: Matroska cannot start before zero, so the
 * muxer moves every stream by the sound's head start (AAC's priming), the picture's start with them.
 */
const cueTimesAndText = (srt: string, pictureStartMs = 0) =>
  parseSrt(srt).map((cue) => ({
    startMs: cue.startMs - pictureStartMs,
    endMs: cue.endMs - pictureStartMs,
    text: cue.text.replace(/<[^>]+>/g, ''),
  }));

const pictureStartMs = async (file: string) =>
  Math.round(Number((await probeStreams(file)).find((s) => s.codec_type === 'video')?.start_time) * 1000);

async function finishedVideo({ audioOnly = false, source }: { audioOnly?: boolean; source?: string } = {}) {
  const sourceKey = `videos/${randomUUID()}/source.mp4`;
  await services.storage.write(sourceKey, createReadStream(source ?? (audioOnly ? audio : clip)));
  const videoId = await insertVideo(db, {
    companyId: owner.companyId ?? 0,
    createdBy: owner.id,
    mode: 'generate',
    filename: 'talk.mp4',
    title: 'Our talk',
    description: '',
    rso: 'full-text',
    inLan: 'en',
    outLan: 'fr',
    durationSeconds: 3,
    priceCents: 10,
    sourceKey,
    audioStartMs: 0,
    srtStatus: 'completed',
    audioOnly,
  });
  await insertSubtitleVersion(db, { videoId, version: 0, origin: 'generated', name: 'talk.srt', srt: SRT });
  return { videoId, sourceKey };
}

/** The file behind a link, saved locally for ffprobe, with the name it is saved under. */
async function downloaded(link: string, name: string) {
  const answer = await downloadByLink(app, link);
  expect(answer.status).toBe(200);
  const file = path.join(workDir, name);
  await writeFile(file, answer.body);
  return { file, disposition: answer.headers.get('content-disposition') ?? '' };
}

const packetsOf = (streams: ProbedStream[], type: string) =>
  streams.filter((stream) => stream.codec_type === type).map((s) => [s.codec_name, s.nb_read_packets]);

describe('the video with subtitle tracks', () => {
  it('copies the picture and sound into an MKV with a French ASS track, tagged and default', async () => {
    const { videoId } = await finishedVideo();
    const answer = await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mkv' });
    expect(answer.status).toBe(200);
    const { file, disposition } = await downloaded(answer.data.url, 'out.mkv');
    expect(disposition).toContain('Our talk_subtitles.mkv');

    const source = await probeStreams(clip);
    const made = await probeStreams(file);
    expect(packetsOf(made, 'video')).toEqual(packetsOf(source, 'video'));
    expect(packetsOf(made, 'audio')).toEqual(packetsOf(source, 'audio'));
    const subtitles = made.filter((stream) => stream.codec_type === 'subtitle');
    expect(subtitles).toHaveLength(1);
    expect(subtitles[0]).toMatchObject({
      codec_name: 'ass',
      tags: { language: 'fra', title: 'French' },
      disposition: { default: 1 },
    });
    const shift = (await pictureStartMs(file)) - (await pictureStartMs(clip));
    expect(cueTimesAndText(await trackAsSrt(file, 0), shift)).toEqual(cueTimesAndText(SRT));

    // The burn-in's script: the video's look is the track's style.
    const exportedAss = await mine.query('videos.export', { id: videoId, format: 'ass' });
    const styleLine = (ass: string) => ass.split('\n').find((line) => line.startsWith('Style: Default'));
    const { stdout: trackAss } = await run(media.ffmpeg, [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        file,
        '-map',
        '0:s:0',
        '-c:s',
        'copy',
        '-f',
        'ass',
        '-',
      ],
    ]);
    expect(styleLine(trackAss)).toBeDefined();
    expect(styleLine(trackAss)).toBe(styleLine(exportedAss.data.content));
    // Its face travels with it, so a player draws it as the burn-in does.
    expect(made.filter((stream) => stream.codec_type === 'attachment').map((stream) => stream.tags)).toEqual([
      { filename: 'NotoSans_500Medium.ttf', mimetype: 'application/x-truetype-font' },
    ]);
  });

  it('copies them into an MP4 with a mov_text track, tagged and default, readable back', async () => {
    const { videoId } = await finishedVideo();
    const answer = await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mp4' });
    expect(answer.status).toBe(200);
    const { file, disposition } = await downloaded(answer.data.url, 'out.mp4');
    expect(disposition).toContain('Our talk_subtitles.mp4');
    const source = await probeStreams(clip);
    const made = await probeStreams(file);
    expect(packetsOf(made, 'video')).toEqual(packetsOf(source, 'video'));
    expect(packetsOf(made, 'audio')).toEqual(packetsOf(source, 'audio'));
    const subtitles = made.filter((stream) => stream.codec_type === 'subtitle');
    expect(subtitles).toEqual([
      expect.objectContaining({
        codec_name: 'mov_text',
        tags: expect.objectContaining({ language: 'fra' }),
        disposition: expect.objectContaining({ default: 1 }),
      }),
    ]);
    expect(cueTimesAndText(await trackAsSrt(file, 0))).toEqual(cueTimesAndText(SRT));
  });

  it('carries every language given as its own tagged track, only the default one marked', async () => {
    const { sourceKey } = await finishedVideo();
    const english = parseSrt('1\n00:00:00,500 --> 00:00:01,250\nHello everyone\n');
    const key = await softSubtitleFile(
      services,
      { sourceKey, durationSeconds: 3, audioOnly: false },
      [
        { language: 'en', cues: english, style: subtitleStyle(null) },
        { language: 'ja', cues: parseSrt('1\n00:00:00,500 --> 00:00:01,250\n皆さんこんにちは\n') },
      ],
      'mkv',
      'ja',
    );
    const streams = await services.storage.withLocalFile(key, probeStreams);
    expect(
      streams
        .filter((stream) => stream.codec_type === 'subtitle')
        .map((s) => [s.tags?.language, s.tags?.title, s.disposition.default]),
    ).toEqual([
      ['eng', 'English', 0],
      ['jpn', 'Japanese', 1],
    ]);
    expect(
      streams.filter((stream) => stream.codec_type === 'attachment').map((stream) => stream.tags?.filename),
    ).toEqual(['NotoSans_500Medium.ttf', 'NotoSansJP_500Medium.ttf']);
  });

  it('is made once per version of the subtitles, the earlier version’s file removed', async () => {
    const { videoId, sourceKey } = await finishedVideo();
    const folder = `${path.posix.dirname(sourceKey)}/`;
    const made = async () => (await services.storage.list(folder)).filter((key) => key.includes('soft-'));
    await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mkv' });
    const first = await made();
    await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mkv' });
    expect(await made()).toEqual(first);
    await insertSubtitleVersion(db, {
      videoId,
      version: 1,
      origin: 'revision',
      name: 'talk.srt',
      srt: SRT.replace('Bonjour', 'Salut'),
    });
    const answer = await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mkv' });
    const now = await made();
    expect(now).toHaveLength(1);
    expect(now).not.toEqual(first);
    const { file } = await downloaded(answer.data.url, 'second.mkv');
    expect(await trackAsSrt(file, 0)).toContain('Salut à tous');
  });

  it('gives audio alone as Matroska audio, and refuses MP4 for it in words', async () => {
    const { videoId } = await finishedVideo({ audioOnly: true });
    const answer = await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mkv' });
    expect(answer.status).toBe(200);
    const { file, disposition } = await downloaded(answer.data.url, 'out.mka');
    expect(disposition).toContain('Our talk_subtitles.mka');
    const streams = await probeStreams(file);
    expect(streams.map((stream) => stream.codec_type)).toEqual(['audio', 'subtitle', 'attachment']);
    expect(packetsOf(streams, 'audio')).toEqual(packetsOf(await probeStreams(audio), 'audio'));

    const mp4 = await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mp4' });
    expect(mp4.status).toBe(409);
    expect(mp4.error.message).toBe(SOFT_SUBTITLE_TEXTS.audioOnlyMp4);
  });

  it('refuses in words an MP4 whose sound MP4 cannot carry, keeping nothing, and still makes the MKV', async () => {
    const { videoId, sourceKey } = await finishedVideo({ source: pcmSource });
    const mp4 = await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mp4' });
    expect(mp4.status).toBe(409);
    expect(mp4.error.message).toBe(SOFT_SUBTITLE_TEXTS.notCopyable);
    const folder = `${path.posix.dirname(sourceKey)}/`;
    expect((await services.storage.list(folder)).filter((key) => key.includes('soft-'))).toEqual([]);

    const mkv = await mine.mutation('videos.softSubtitles', { id: videoId, format: 'mkv' });
    expect(mkv.status).toBe(200);
    const { file } = await downloaded(mkv.data.url, 'pcm.mkv');
    expect(packetsOf(await probeStreams(file), 'audio')).toEqual(
      packetsOf(await probeStreams(pcmSource), 'audio'),
    );
  });

  it('answers a script over REST with a redirect to the file, and a bad format in words', async () => {
    const { videoId } = await finishedVideo();
    const answer = await call('GET', `/api/videos/${videoId}/soft-subtitles?format=mp4`, {
      token: owner.token,
    });
    expect(answer.status).toBe(302);
    const location = String(answer.response.headers.location);
    const { file } = await downloaded(location, 'rest.mp4');
    expect(cueTimesAndText(await trackAsSrt(file, 0))).toEqual(cueTimesAndText(SRT));

    const bad = await call('GET', `/api/videos/${videoId}/soft-subtitles?format=avi`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('format must be mkv or mp4');
  });

  it("gives each language's SRT and WebVTT in one ZIP, over tRPC and REST", async () => {
    const { videoId } = await finishedVideo();
    const answer = await mine.query('videos.subtitlesZip', { id: videoId });
    expect(answer.status).toBe(200);
    expect(answer.data.fileName).toBe('Our talk_subtitles.zip');
    const files = unzipSync(Buffer.from(answer.data.base64, 'base64'));
    expect(Object.keys(files).sort()).toEqual(['Our talk.fr.srt', 'Our talk.fr.vtt']);
    const text = (name: string) => Buffer.from(files[name] ?? new Uint8Array()).toString('utf8');
    expect(cueTimesAndText(text('Our talk.fr.srt'))).toEqual(cueTimesAndText(SRT));
    expect(text('Our talk.fr.vtt')).toContain('00:00:00.500 --> 00:00:01.250\nBonjour à tous');

    const rest = await app.inject({
      method: 'GET',
      url: `/api/videos/${videoId}/subtitles.zip`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['content-type']).toBe('application/zip');
    expect(rest.headers['content-disposition']).toContain('Our talk_subtitles.zip');
    expect(Object.keys(unzipSync(rest.rawPayload)).sort()).toEqual(['Our talk.fr.srt', 'Our talk.fr.vtt']);
  });

  it("answers another company's video as not found, over tRPC and REST, with none of its data", async () => {
    const { videoId, sourceKey } = await finishedVideo();
    const folder = path.posix.dirname(sourceKey);
    const trpc = await theirs.mutation('videos.softSubtitles', { id: videoId, format: 'mkv' });
    expect(trpc.status).toBe(404);
    const rest = await call('GET', `/api/videos/${videoId}/soft-subtitles?format=mkv`, {
      token: stranger.token,
    });
    expect(rest.status).toBe(404);
    const zip = await theirs.query('videos.subtitlesZip', { id: videoId });
    expect(zip.status).toBe(404);
    const restZip = await call('GET', `/api/videos/${videoId}/subtitles.zip`, { token: stranger.token });
    expect(restZip.status).toBe(404);
    for (const body of [
      JSON.stringify(trpc),
      rest.response.body,
      JSON.stringify(zip),
      restZip.response.body,
    ]) {
      expect(body).not.toContain('Our talk');
      expect(body).not.toContain(folder);
      expect(body).not.toContain('/api/files/');
      expect(body).not.toContain('Bonjour');
    }
    expect((await services.storage.list(`${folder}/`)).filter((key) => key.includes('soft-'))).toEqual([]);
  });
});
