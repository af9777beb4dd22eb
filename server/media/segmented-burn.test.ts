import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Cue, cuesToAss } from '../../shared/subtitles';
import { changedShare, framePixels, makeClip, media } from '../../test/support/media';
import { startS3Server } from '../../test/support/s3-server';
import { loadConfig } from '../config';
import { createStorage } from '../storage/create';
import { burnInArgs } from './burn-in-args';
import { prepareSubtitleFonts, type SubtitleFonts } from './fonts';
import { SOURCE_LINK_SECONDS } from './remote-input';
import { runFfmpeg } from './run-ffmpeg';
import {
  joinSegmentsArgs,
  MIN_SEGMENT_SECONDS,
  planSegments,
  SEGMENT_SECONDS,
  type SegmentPlan,
  segmentBurnArgs,
  segmentList,
} from './segmented-burn';

const run = promisify(execFile);
const VIDEO = { width: 640, height: 360, language: 'en' as const };
const ass = (cues: readonly Cue[]) => cuesToAss(cues, VIDEO);

/** Four-second segments of a 12-second video at 25 fps: seams at frames 100 and 200. */
const SECONDS = 4;
const CUES: Cue[] = [
  { startMs: 500, endMs: 3500, text: 'First cue' },
  // Starts while the first is shown, so libass puts it above; still shown at the first seam.
  { startMs: 3000, endMs: 5000, text: 'Across the first seam, raised' },
  { startMs: 6000, endMs: 7000, text: 'Only in the middle' },
  { startMs: 7500, endMs: 8500, text: 'Across the second seam' },
  { startMs: 9000, endMs: 11_000, text: 'At the end' },
];

describe('planning segments', () => {
  const plan = planSegments(ass(CUES), { frames: 300, fps: 25 }, { seconds: SECONDS });

  it('cuts the frames into whole segments, the last running to the end', () => {
    expect(plan.map(({ startFrame, frames }) => [startFrame, frames])).toEqual([
      [0, 100],
      [100, 100],
      [200, null],
    ]);
  });

  it('starts rendering where the chain of overlapping cues across a seam began', () => {
    // Cue 2 (3.0–5.0 s) is shown at the first seam (4 s) and began under cue 1 (0.5 s).
    expect(plan[1]?.prerollFrames).toBe(100 - 12);
    expect(plan[0]?.prerollFrames).toBe(0);
    // Cue 4 (7.5–8.5 s) is shown at the second seam (8 s): rendering starts at its first frame.
    expect(plan[2]?.prerollFrames).toBe(200 - 187);
  });

  it('changes only the fingerprint of the segment that shows an edited cue', () => {
    const edited = CUES.map((cue) => (cue.text === 'Only in the middle' ? { ...cue, text: 'Edited' } : cue));
    const after = planSegments(ass(edited), { frames: 300, fps: 25 }, { seconds: SECONDS });
    expect(after.map((segment, index) => segment.fingerprint === plan[index]?.fingerprint)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('changes both segments around a seam when the cue across it changes, and all on a new style', () => {
    const edited = CUES.map((cue) => (cue.text === 'Across the second seam' ? { ...cue, endMs: 8400 } : cue));
    const after = planSegments(ass(edited), { frames: 300, fps: 25 }, { seconds: SECONDS });
    expect(after.map((segment, index) => segment.fingerprint === plan[index]?.fingerprint)).toEqual([
      true,
      false,
      false,
    ]);
    const wider = planSegments(
      cuesToAss(CUES, { ...VIDEO, width: 1280, height: 720 }),
      { frames: 300, fps: 25 },
      { seconds: SECONDS },
    );
    expect(wider.some((segment, index) => segment.fingerprint === plan[index]?.fingerprint)).toBe(false);
  });

  it('cuts a short video into one segment per slot of the worker, none shorter than the minimum', () => {
    const frames = (seconds: number) => ({ frames: seconds * 25, fps: 25 });
    const lengths = (seconds: number, slots: number) =>
      planSegments(ass(CUES), frames(seconds), { slots }).map(({ frames }) => frames);
    // One minute: one 45-second segment alone, two halves for a worker burning two at once.
    expect(lengths(60, 1)).toEqual([null]);
    expect(lengths(60, 2)).toEqual([750, null]);
    expect(lengths(60, 8)).toEqual([375, 375, 375, null]);
    // Too short to halve without pieces under MIN_SEGMENT_SECONDS.
    expect(lengths(MIN_SEGMENT_SECONDS * 2 - 1, 2)).toEqual([null]);
    // Long videos keep their segments of about SEGMENT_SECONDS, whatever the slots.
    expect(lengths(SEGMENT_SECONDS * 4, 2)).toEqual([1125, 1125, 1125, null]);
  });
});

const s3 = await startS3Server('segments-bucket');

/** The source as a segment job gets it: its path on disk, or a presigned link into a bucket (s3rver). */
async function sourceFor(from: 'disk' | 's3', clip: string, workDir: string): Promise<string> {
  if (from === 'disk') return clip;
  const dataDir = path.join(workDir, 's3-data');
  const storage = await createStorage(
    loadConfig({ DATA_DIR: dataDir, ...s3.env }),
    path.join(dataDir, 'tmp'),
  );
  const copy = path.join(workDir, 'upload.mp4');
  await copyFile(clip, copy);
  await storage.adopt('videos/segments/source.mp4', copy);
  return storage.rangedInput('videos/segments/source.mp4', SOURCE_LINK_SECONDS);
}

describe.each(['disk', 's3'] as const)('burning by segments from a source on %s', (from) => {
  let clip: string;
  /** What the segments and the join read; the whole-file burn they are compared with reads `clip`. */
  let source: string;
  let fonts: SubtitleFonts;
  let workDir: string;

  beforeAll(async () => {
    clip = await makeClip('segments-12s.mp4', { seconds: 12, width: 640, height: 360 });
    workDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-segments-'));
    fonts = await prepareSubtitleFonts(path.join(workDir, 'data'));
    await symlink(fonts.fontsDir, path.join(workDir, 'fonts'));
    source = await sourceFor(from, clip, workDir);
  });

  const ffmpeg = (args: string[]) =>
    runFfmpeg(media.ffmpeg, args, {
      cwd: workDir,
      env: { FONTCONFIG_FILE: fonts.fontconfigFile },
      timeLimitMs: 120_000,
    });

  async function wholeBurn(name: string, script: string): Promise<string> {
    await writeFile(path.join(workDir, `${name}.ass`), script);
    const output = path.join(workDir, `${name}.mp4`);
    await ffmpeg(
      burnInArgs({
        input: clip,
        output,
        assFile: `${name}.ass`,
        fontsDir: 'fonts',
        copyAudio: true,
        threads: 2,
      }),
    );
    return output;
  }

  /** The clip is 12 s long, and paid for as such (paid-length.ts): unless a test says otherwise. */
  const PAID = 13;

  async function burnSegment(script: string, segment: SegmentPlan, untilSeconds = PAID): Promise<string> {
    const assFile = `segment-${segment.fingerprint}.ass`;
    await writeFile(path.join(workDir, assFile), script);
    const output = path.join(workDir, `segment-${segment.fingerprint}-${untilSeconds}.ts`);
    await ffmpeg(
      segmentBurnArgs({
        input: source,
        output,
        assFile,
        fontsDir: 'fonts',
        fps: 25,
        segment,
        threads: 2,
        untilSeconds,
      }),
    );
    return output;
  }

  async function join(name: string, segments: readonly string[], untilSeconds = PAID): Promise<string> {
    const listFile = path.join(workDir, `${name}.txt`);
    await writeFile(listFile, segmentList(segments));
    const output = path.join(workDir, `${name}.mp4`);
    await ffmpeg(joinSegmentsArgs({ listFile, source, output, copyAudio: true, untilSeconds }));
    return output;
  }

  /** Frame count and duration of each stream, read from the packets (no decoding guesses). */
  async function streams(file: string) {
    const { stdout } = await run(media.ffprobe, [
      ...[
        '-v',
        'error',
        '-count_packets',
        '-show_entries',
        'stream=codec_type,codec_name,pix_fmt,nb_read_packets,duration',
      ],
      ...['-of', 'json', file],
    ]);
    return (JSON.parse(stdout) as { streams: Record<string, string>[] }).streams;
  }

  /** SSIM of every frame of `a` against the same frame of `b`. */
  async function ssimPerFrame(a: string, b: string): Promise<number[]> {
    const stats = path.join(workDir, `ssim-${path.basename(a)}-${path.basename(b)}.log`);
    await ffmpeg([
      '-hide_banner',
      '-nostdin',
      '-i',
      a,
      '-i',
      b,
      '-lavfi',
      `ssim=stats_file=${stats}`,
      '-f',
      'null',
      '-',
    ]);
    return (await readFile(stats, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => Number(line.match(/All:([\d.]+)/)?.[1]));
  }

  const seamFrames = (plan: readonly SegmentPlan[]) =>
    plan.slice(1).flatMap((segment) => [-3, -2, -1, 0, 1, 2, 3].map((step) => segment.startFrame + step));

  it('gives the whole-file burn’s frames, duration and audio, with no seam to see', async () => {
    const script = ass(CUES);
    const plan = planSegments(script, { frames: 300, fps: 25 }, { seconds: SECONDS });
    const whole = await wholeBurn('whole', script);
    const segments = [];
    for (const segment of plan) segments.push(await burnSegment(script, segment));
    const joined = await join('joined', segments);

    const [wholeStreams, joinedStreams] = [await streams(whole), await streams(joined)];
    expect(joinedStreams).toEqual(wholeStreams);
    expect(joinedStreams.find((stream) => stream.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      nb_read_packets: '300',
    });
    // Browsers play it while it loads: the index comes before the media data.
    const bytes = await readFile(joined);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const ssim = await ssimPerFrame(joined, whole);
    expect(ssim).toHaveLength(300);
    const atSeams = seamFrames(plan).map((frame) => ssim[frame] ?? 0);
    expect(Math.min(...atSeams)).toBeGreaterThanOrEqual(0.99);
  });

  it('stops at the length paid for when the source holds more (a header that claimed less)', async () => {
    // Planned as a lying header makes it: the last segment runs "to the end" of a 12 s source.
    const script = ass(CUES);
    const plan = planSegments(script, { frames: 100, fps: 25 }, { seconds: 2 });
    const segments = [];
    for (const segment of plan) segments.push(await burnSegment(script, segment, 5));
    const joined = await join('paid-5s', segments, 5);
    const joinedStreams = await streams(joined);
    const video = joinedStreams.find((stream) => stream.codec_type === 'video');
    const audio = joinedStreams.find((stream) => stream.codec_type === 'audio');
    expect(Number(video?.nb_read_packets)).toBe(125);
    expect(Number(audio?.duration)).toBeLessThanOrEqual(5.05);
    const lastSegment = (await streams(segments.at(-1) ?? '')).find(
      (stream) => stream.codec_type === 'video',
    );
    expect(Number(lastSegment?.nb_read_packets)).toBe(125 - (plan.at(-1)?.startFrame ?? 0));
  });

  it('re-burns only the segment an edit touched, and joins it to the kept ones as if all were new', async () => {
    const before = planSegments(ass(CUES), { frames: 300, fps: 25 }, { seconds: SECONDS });
    const kept = new Map<string, string>();
    for (const segment of before) kept.set(segment.fingerprint, await burnSegment(ass(CUES), segment));

    const edited = CUES.map((cue) =>
      cue.text === 'Only in the middle' ? { ...cue, text: 'Changed here' } : cue,
    );
    const script = ass(edited);
    const after = planSegments(script, { frames: 300, fps: 25 }, { seconds: SECONDS });
    const reburned = after.filter((segment) => !kept.has(segment.fingerprint));
    expect(reburned.map((segment) => segment.index)).toEqual([1]);
    const files = [];
    for (const segment of after)
      files.push(kept.get(segment.fingerprint) ?? (await burnSegment(script, segment)));
    const revised = await join('revised', files);

    const ssim = await ssimPerFrame(revised, await wholeBurn('whole-edited', script));
    expect(ssim).toHaveLength(300);
    expect(Math.min(...seamFrames(after).map((frame) => ssim[frame] ?? 0))).toBeGreaterThanOrEqual(0.99);
    // The edit is in the picture: the bottom of the frame at 6.5 s differs from the burn before it.
    const beforeEdit = await join(
      'before-edit',
      before.map((segment) => kept.get(segment.fingerprint) ?? ''),
    );
    const subtitleArea = { w: 640, h: 90, x: 0, y: 270 };
    const changed = changedShare(
      await framePixels(revised, 6.5, subtitleArea),
      await framePixels(beforeEdit, 6.5, subtitleArea),
    );
    expect(changed).toBeGreaterThan(0.002);
  });
});
