import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import htmlEntities from 'webvtt-parser/html-entities.json';
import { EXPORT_TEXTS, SUBTITLE_FORMATS, wordTimingsFile } from '../../../shared/schemas/exports';
import { cuesToAss, parseSrt } from '../../../shared/subtitles';
import { payingUser, testApp, testCaller } from '../../../test/support/http';
import { makeClip } from '../../../test/support/media';
import { insertVideo } from '../uploads/repo';
import { insertSubtitleVersion } from './repo';
import { transcriptKey } from './transcripts';

const { app, call, db, services } = await testApp();
const owner = await payingUser(call, 'exporter');
const stranger = await payingUser(call, 'export-stranger');
const mine = testCaller(app, owner.token);
const theirs = testCaller(app, stranger.token);

const SRT = [
  '1\n00:00:00,500 --> 00:00:02,000\nTom & Jerry <3',
  '2\n00:00:02,100 --> 00:00:03,000\nsay hello.',
  '3\n00:00:05,500 --> 00:00:07,000\n東京で会いましょう。',
].join('\n\n');
const WORDS = [
  { start: 0.25, end: 0.5, text: 'Tom', confidence: 0.97 },
  { start: 0.5, end: 0.9, text: 'and', confidence: 0.91 },
  { start: 1, end: 1.4, text: 'Jerry', confidence: 0.88 },
];
let clip: string;

beforeAll(async () => {
  clip = await makeClip('exports-portrait-3s.mp4', { seconds: 3, width: 240, height: 320 });
});

/** A finished video of the owner's company, as the chain leaves one: source, subtitles, and for generate the words. */
async function finishedVideo(mode: 'generate' | 'hardcode', srt = SRT) {
  const sourceKey = `videos/${randomUUID()}/source.mp4`;
  await services.storage.write(sourceKey, createReadStream(clip));
  const generated = mode === 'generate';
  const videoId = await insertVideo(db, {
    companyId: owner.companyId ?? 0,
    createdBy: owner.id,
    mode,
    filename: 'talk.mp4',
    title: generated ? 'Our talk: part 1' : '',
    description: '',
    rso: generated ? 'full-text' : null,
    inLan: generated ? 'en' : null,
    outLan: generated ? 'en' : null,
    durationSeconds: 3,
    priceCents: 10,
    sourceKey,
    audioStartMs: 100,
    srtStatus: 'completed',
  });
  await insertSubtitleVersion(db, {
    videoId,
    version: 0,
    origin: generated ? 'generated' : 'uploaded',
    name: 'talk.srt',
    srt,
  });
  if (generated)
    await services.storage.write(
      transcriptKey(sourceKey),
      Readable.from([JSON.stringify({ words: WORDS, language: 'en' })]),
    );
  return videoId;
}

const exported = (caller: typeof mine, id: number, format: string) =>
  caller.query('videos.export', { id, format });

describe('subtitle exports', () => {
  it('gives the owner each format of a generated video, named after its title and language', async () => {
    const id = await finishedVideo('generate');
    const files = Object.fromEntries(
      await Promise.all(
        SUBTITLE_FORMATS.map(async (format) => [format, await exported(mine, id, format)] as const),
      ),
    );
    for (const format of SUBTITLE_FORMATS) expect(files[format]?.status, format).toBe(200);

    const srt = files.srt?.data;
    const legacy = await mine.query('videos.subtitles', { id });
    expect(srt).toEqual({
      fileName: 'Our talk_ part 1.en.srt',
      mimeType: 'application/x-subrip',
      content: legacy.data.srt,
    });

    const vtt = files.vtt?.data;
    expect(vtt.fileName).toBe('Our talk_ part 1.en.vtt');
    const parsed = new WebVTTParser(htmlEntities).parse(vtt.content);
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((cue) => [cue.startTime, cue.text])).toEqual([
      [0.5, 'Tom &amp; Jerry &lt;3'],
      [2.1, 'say hello.'],
      [5.5, '東京で会いましょう。'],
    ]);

    // Exactly the script the burn-in writes for this video: the source's frame, the language's font.
    expect(files.ass?.data.fileName).toBe('Our talk_ part 1.en.ass');
    expect(files.ass?.data.content).toBe(
      cuesToAss(parseSrt(SRT), { width: 240, height: 320, language: 'en' }),
    );

    expect(files.txt?.data.content).toBe('Tom & Jerry <3 say hello.\n\n東京で会いましょう。\n');
    expect(files['timed-txt']?.data).toMatchObject({
      fileName: 'Our talk_ part 1.en.timed.txt',
      mimeType: 'text/plain',
      content: '[00:00:00] Tom & Jerry <3 say hello.\n\n[00:00:05] 東京で会いましょう。\n',
    });

    const words = wordTimingsFile.parse(JSON.parse(files['words-json']?.data.content));
    expect(files['words-json']?.data.fileName).toBe('Our talk_ part 1.en.words.json');
    expect(words.words[0]).toEqual({ text: 'Tom', startMs: 350, endMs: 600, confidence: 0.97 });
    expect(words.words).toHaveLength(3);
  });

  it("refuses another company's user exactly as the SRT download does", async () => {
    const id = await finishedVideo('generate');
    const srtRefusal = await theirs.query('videos.subtitles', { id });
    expect(srtRefusal.status).toBe(404);
    for (const format of SUBTITLE_FORMATS) {
      const refusal = await exported(theirs, id, format);
      expect(refusal.status, format).toBe(404);
      expect(refusal.error.message, format).toBe(srtRefusal.error.message);
    }
    const rest = await app.inject({
      url: `/api/subtitle-file?id=${id}&format=vtt`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(rest.statusCode).toBe(404);
  });

  it('refuses word timings for a hardcode video, whose subtitles were uploaded, and names its files after the file', async () => {
    const id = await finishedVideo('hardcode');
    const refusal = await exported(mine, id, 'words-json');
    expect(refusal.status).toBe(400);
    expect(refusal.error.message).toBe(EXPORT_TEXTS.noWordTimings);
    const vtt = await exported(mine, id, 'vtt');
    // Mostly English with one Japanese cue: English (issue 35), that cue drawn in the Japanese face.
    expect(vtt.data.fileName).toBe('talk.en.vtt');
    const ass = (await exported(mine, id, 'ass')).data;
    expect(ass.fileName).toBe('talk.en.ass');
    expect(ass.content).toContain('Language: en\n');
    expect(ass.content).toMatch(/^Style: Default,Noto Sans Medium,/m);
    expect(ass.content).toContain(',{\\fnNoto Sans JP Medium}東京で会いましょう。\n');
    const rest = await app.inject({
      url: `/api/subtitle-file?id=${id}&format=words-json`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(rest.statusCode).toBe(400);
  });

  it('names and lays out a mostly Japanese file of the user as Japanese, its English cue in the Latin face', async () => {
    const japanese = [
      '1\n00:00:00,500 --> 00:00:02,000\n今日はいい天気ですね。',
      '2\n00:00:02,100 --> 00:00:03,000\nOK!',
    ].join('\n\n');
    const id = await finishedVideo('hardcode', japanese);
    expect((await exported(mine, id, 'vtt')).data.fileName).toBe('talk.ja.vtt');
    const ass = (await exported(mine, id, 'ass')).data.content;
    expect(ass).toContain('Language: ja\n');
    expect(ass).toMatch(/^Style: Default,Noto Sans JP Medium,/m);
    expect(ass).toMatch(/\{\\fnNoto Sans Medium\}OK!\n/);
  });

  it('serves a file over REST as a UTF-8 attachment, beside the legacy /api/srts', async () => {
    const id = await finishedVideo('generate');
    const response = await app.inject({
      url: `/api/subtitle-file?id=${id}&format=txt`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Our talk_ part 1.en.txt"; filename*=UTF-8''${encodeURIComponent('Our talk_ part 1.en.txt')}`,
    );
    expect(response.body).toBe('Tom & Jerry <3 say hello.\n\n東京で会いましょう。\n');
    const unknown = await app.inject({
      url: `/api/subtitle-file?id=${id}&format=docx`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
