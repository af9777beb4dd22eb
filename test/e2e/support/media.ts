import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ClipRecipe, clipArguments, shotsPicture } from '../../support/clip-recipe';
import { speechSampleWav } from '../../support/fixtures';

const CLIP_DIR = path.join(os.tmpdir(), 'subtitling-e2e-clips');

/** Runs ffmpeg once for `name` in the clip folder; the clip is kept between runs. */
function makeOnce(name: string, recipe: ClipRecipe): string {
  mkdirSync(CLIP_DIR, { recursive: true });
  const file = path.join(CLIP_DIR, name);
  if (existsSync(file)) return file;
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', clipArguments(recipe, file), { stdio: 'inherit' });
  return file;
}

/**
 * A real MP4 (H.264 video, AAC audio) made with ffmpeg at test time, cached between runs; about
 * 235 kB per second of video.
 */
export function makeClip(seconds: number): string {
  return makeOnce(`clip-${seconds}s.mp4`, { seconds });
}

/** The clip above with its video in HEVC (as phones record it), in an MP4 the legacy path takes. */
export function makeHevcClip(seconds: number): string {
  const file = path.join(CLIP_DIR, `clip-${seconds}s-hevc.mp4`);
  if (existsSync(file)) return file;
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', makeClip(seconds)],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-c:a', 'copy', file],
  ]);
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
  return makeOnce('speech-sample.mp4', { sound: { wav: speechSampleWav() } });
}

/** A clip of hard-cut shots `shotSeconds` long each (test/support/clip-recipe.ts): its cuts are known. */
export function makeShotsClip(shotSeconds: readonly number[]): string {
  const seconds = shotSeconds.reduce((sum, shot) => sum + shot, 0);
  return makeOnce(`shots-${shotSeconds.join('-')}.mp4`, { seconds, picture: shotsPicture(shotSeconds) });
}

/** A long clip kept small (320×180, 10 frames a second): for many cues, not for its picture. */
export function makeLongClip(seconds: number): string {
  return makeOnce(`long-clip-${seconds}s.mp4`, { seconds, width: 320, height: 180, fps: 10 });
}
