import { copyFile, open, rm, stat, writeFile } from 'node:fs/promises';
import { wordsToCues, writeSrt } from '../../shared/subtitles';
import { JFK_WORDS } from '../../test/fakes/deepgram';
import { clipArguments } from '../../test/support/clip-recipe';
import { SPEECH_SAMPLE_SECONDS, speechSampleWav } from '../../test/support/fixtures';
import { runTimed } from '../process-run';
import { asTimedWords, loopWords, type SampleWord } from './words';

/** The test speech (test/support/fixtures.ts), exactly 11.0 s; clips loop it end to end. */
export const SAMPLE_WAV = speechSampleWav();
export const SAMPLE_SECONDS = SPEECH_SAMPLE_SECONDS;

/** A flat synthetic pattern, and detailed moving footage with sensor-like grain. */
export type Footage = 'test-pattern' | 'detailed';

export const FOOTAGE_LABELS: Record<Footage, string> = {
  'test-pattern': 'test pattern (lavfi testsrc2)',
  detailed: 'detailed footage (lavfi mandelbrot zoom, upscaled, temporal grain)',
};

function videoSource(footage: Footage, seconds: number): string {
  if (footage === 'test-pattern') return 'testsrc2=size=1280x720:rate=30';
  // Rendered at 360p and upscaled: full-size mandelbrot renders at ~13 fps here; the grain keeps
  // it from compressing like a cartoon. end_pts keeps it zooming for the whole clip.
  return `mandelbrot=size=640x360:rate=30:end_pts=${Math.ceil(seconds * 30)},scale=1280:720:flags=bicubic,noise=alls=6:allf=t`;
}

/**
 * A 720p30 H.264/AAC MP4 (moov first, as phones and editors write it) with the speech sample looped
 * as its sound track, encoded once like a typical upload (x264 veryfast, CRF 23).
 */
export async function makeClip(
  ffmpeg: string,
  file: string,
  footage: Footage,
  seconds: number,
): Promise<void> {
  const recipe = {
    seconds,
    picture: videoSource(footage, seconds),
    sound: { wav: SAMPLE_WAV, loop: true },
    preset: 'veryfast',
    crf: 23,
    audioBitrate: '128k',
    faststart: true,
  };
  await runTimed(ffmpeg, clipArguments(recipe, file));
}

/** A longer clip by repeating a shorter one without re-encoding (seconds instead of minutes). */
export async function repeatClip(ffmpeg: string, source: string, times: number, file: string): Promise<void> {
  await runTimed(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    String(times - 1),
    '-i',
    source,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    file,
  ]);
}

export function sampleWordsFor(seconds: number): SampleWord[] {
  return loopWords(JFK_WORDS, SAMPLE_SECONDS, seconds);
}

/** The SRT a user would bring for the clip: the looped sample's words as shaped cues. */
export async function writeClipSrt(file: string, seconds: number): Promise<void> {
  const cues = wordsToCues(asTimedWords(sampleWordsFor(seconds)), { language: 'en' });
  await writeFile(file, writeSrt(cues));
}

/**
 * A valid MP4 of exactly `bytes`: a small clip followed by a top-level `free` box (which every MP4
 * reader skips), so the real endpoint accepts it after streaming every byte.
 */
export async function makeUploadFile(smallClip: string, bytes: number, file: string): Promise<void> {
  await copyFile(smallClip, file);
  const head = (await stat(file)).size;
  const freeBytes = bytes - head;
  if (freeBytes < 8 || freeBytes > 0xffff_ffff) throw new Error(`cannot pad ${head} bytes to ${bytes}`);
  const handle = await open(file, 'a');
  try {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(freeBytes, 0);
    header.write('free', 4, 'latin1');
    await handle.write(header);
    // Varied bytes, not zeros, so nothing on the way can take a shortcut.
    const block = Buffer.alloc(4 * 1024 * 1024);
    for (let index = 0; index < block.length; index++) block[index] = (index * 2654435761) >>> 24;
    let left = freeBytes - 8;
    while (left > 0) {
      const size = Math.min(left, block.length);
      await handle.write(block, 0, size);
      left -= size;
    }
  } finally {
    await handle.close();
  }
}

export async function removeQuietly(file: string): Promise<void> {
  await rm(file, { force: true, recursive: true });
}
