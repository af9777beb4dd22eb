import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { speechSampleWav } from '../../support/fixtures';

const CLIP_DIR = path.join(os.tmpdir(), 'subtitling-e2e-clips');

/**
 * A real MP4 (H.264 video, AAC audio) made with ffmpeg at test time, cached between runs; about
 * 235 kB per second of video.
 */
export function makeClip(seconds: number): string {
  mkdirSync(CLIP_DIR, { recursive: true });
  const file = path.join(CLIP_DIR, `clip-${seconds}s.mp4`);
  if (existsSync(file)) return file;
  const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
  execFileSync(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=640x360:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ],
    { stdio: 'inherit' },
  );
  return file;
}

/** An SRT file with one cue per second of `lines`, written to the clip folder. */
export function makeSrt(name: string, lines: readonly string[]): string {
  mkdirSync(CLIP_DIR, { recursive: true });
  const stamp = (second: number) => `00:00:${String(second).padStart(2, '0')},000`;
  const body = lines
    .map((line, index) => `${index + 1}\n${stamp(index)} --> ${stamp(index + 1)}\n${line}\n`)
    .join('\n');
  const file = path.join(CLIP_DIR, name);
  writeFileSync(file, body);
  return file;
}

/** The 11-second test speech (test/support/fixtures.ts) under a test pattern, as the MP4 a user would upload. */
export function makeSpeechClip(): string {
  const sample = speechSampleWav();
  mkdirSync(CLIP_DIR, { recursive: true });
  const file = path.join(CLIP_DIR, 'speech-sample.mp4');
  if (existsSync(file)) return file;
  execFileSync(
    process.env.FFMPEG_PATH ?? 'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=25',
      '-i',
      sample,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ],
    { stdio: 'inherit' },
  );
  return file;
}
