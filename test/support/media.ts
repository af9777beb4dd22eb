import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { findMediaBinaries } from '../../server/media/binaries';
import { clipArguments, shotsPicture } from './clip-recipe';
import { speechSampleWav, testWhisperModel } from './fixtures';

const run = promisify(execFile);
export const media = findMediaBinaries({});
export const CLIPS_DIR = '/tmp/subtitling-test-clips';

/**
 * Makes `name` in CLIPS_DIR through a temporary file renamed into place: test files running in
 * parallel (or another run on the machine) share clip names, and must never read a clip half written.
 */
async function makeInPlace(name: string, make: (file: string) => Promise<unknown>): Promise<string> {
  await mkdir(CLIPS_DIR, { recursive: true });
  const file = path.join(CLIPS_DIR, name);
  const partial = path.join(CLIPS_DIR, `.${randomBytes(6).toString('hex')}-${name}`);
  await make(partial);
  await rename(partial, file);
  return file;
}

/** A test pattern clip with a tone, made once per run: real H.264 + AAC in MP4. */
export async function makeClip(
  name: string,
  {
    seconds,
    width = 320,
    height = 240,
    fps = 25,
    audio = true,
  }: { seconds: number; width?: number; height?: number; fps?: number; audio?: boolean },
): Promise<string> {
  const recipe = {
    seconds,
    width,
    height,
    fps,
    sound: audio ? 'tone' : 'none',
    audioBitrate: '64k',
  } as const;
  return makeInPlace(name, (file) => run(media.ffmpeg, clipArguments(recipe, file)));
}

export async function probeJson(file: string) {
  const { stdout } = await run(media.ffprobe, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  return JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string }[] };
}

/** `clip` with its video in HEVC at `height` lines (as phones record), made once per run. */
export async function makeHevcClip(name: string, clip: string, height: number): Promise<string> {
  return makeInPlace(name, (file) =>
    run(media.ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', clip, '-vf', `scale=-2:${height}`],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-c:a', 'copy', '-f', 'mp4', file],
    ]),
  );
}

/** The codec of a file's first video stream, as ffprobe names it. */
export async function videoCodec(file: string): Promise<string> {
  const entries = ['-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0'];
  const { stdout } = await run(media.ffprobe, ['-v', 'error', ...entries, file]);
  return stdout.trim();
}

/** A file's first audio track as ffprobe lists its packets: `pts_time,duration_time,size` each. */
export async function audioPackets(file: string): Promise<string[]> {
  const entries = ['-show_entries', 'packet=pts_time,duration_time,size', '-of', 'csv=p=0'];
  const { stdout } = await run(media.ffprobe, ['-v', 'error', '-select_streams', 'a:0', ...entries, file], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim().split('\n');
}

/**
 * The raw pixels of the frame at `atSeconds` (from a file, or a picture piped in): one byte each in
 * grey, three in RGB, row after row, after the `filter` (a crop) if one is given.
 */
export async function decodeFrame(
  file: string | Buffer,
  atSeconds: number,
  options: { format: 'gray' | 'rgb24'; filter?: string },
): Promise<Buffer> {
  const input = typeof file === 'string' ? ['-ss', String(atSeconds), '-i', file] : ['-i', '-'];
  const filters = [...(options.filter ? [options.filter] : []), `format=${options.format}`].join(',');
  const decoding = run(
    media.ffmpeg,
    ['-v', 'error', ...input, '-frames:v', '1', '-vf', filters, '-f', 'rawvideo', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  if (typeof file !== 'string') decoding.child.stdin?.end(file);
  return (await decoding).stdout as Buffer;
}

/** Grey pixels of one frame's region, for comparing renders. */
export function framePixels(
  file: string,
  atSeconds: number,
  crop: { w: number; h: number; x: number; y: number },
) {
  return decodeFrame(file, atSeconds, {
    format: 'gray',
    filter: `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y}`,
  });
}

/** Share of pixels whose grey level differs by more than `threshold`: text appears, noise does not. */
export function changedShare(a: Buffer, b: Buffer, threshold = 60): number {
  const length = Math.min(a.length, b.length);
  let changed = 0;
  for (let index = 0; index < length; index++)
    if (Math.abs((a[index] ?? 0) - (b[index] ?? 0)) > threshold) changed++;
  return changed / Math.max(1, length);
}

export const TEST_MODEL = testWhisperModel();

/** The test speech (fixtures.ts) under a test pattern, as an MP4 a user would upload. */
export async function makeSpeechClip(name: string, wav = speechSampleWav()): Promise<string> {
  return makeInPlace(name, (file) => run(media.ffmpeg, clipArguments({ sound: { wav } }, file)));
}

/** The test speech alone, encoded by `encode` (ffmpeg output options), as an audio file a user would upload. */
export async function makeSpeechAudio(
  name: string,
  encode: string[],
  wav = speechSampleWav(),
): Promise<string> {
  return makeInPlace(name, (file) =>
    // The partial file keeps the name's extension, which tells ffmpeg the container.
    run(media.ffmpeg, ['-v', 'error', '-y', '-i', wav, ...encode, file]),
  );
}

/** A clip of hard-cut shots (`shotsPicture`) with a tone, made once per run: its cuts are known. */
export async function makeShotsClip(name: string, shotSeconds: readonly number[]): Promise<string> {
  const seconds = shotSeconds.reduce((sum, shot) => sum + shot, 0);
  const recipe = { seconds, picture: shotsPicture(shotSeconds), audioBitrate: '64k' } as const;
  return makeInPlace(name, (file) => run(media.ffmpeg, clipArguments(recipe, file)));
}
