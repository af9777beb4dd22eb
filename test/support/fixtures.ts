import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testWhisperModelBytes } from '../../scripts/make-test-model';
import { findMediaBinaries } from '../../server/media/binaries';

/**
 * The speech and the Whisper model the tests use, made on this machine from the repository alone:
 * speech synthesised by espeak-ng (which `.ci/run` installs), a model file by scripts/make-test-model.
 * Made once per machine, put in place by rename so that parallel runs never read half a file.
 */
const FIXTURES_DIR = path.join(os.tmpdir(), 'subtitling-test-fixtures');

/** A 1961 presidential address (public domain), the sentence the speech engine fakes answer for. */
export const SPEECH_SAMPLE_TEXT =
  'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';
export const SPEECH_SAMPLE_SECONDS = 11;

function inPlace(name: string, make: (partial: string) => void): string {
  mkdirSync(FIXTURES_DIR, { recursive: true });
  const file = path.join(FIXTURES_DIR, name);
  if (existsSync(file)) return file;
  const partial = path.join(FIXTURES_DIR, `.${randomBytes(6).toString('hex')}-${name}`);
  try {
    make(partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return file;
}

function espeak(): string {
  for (const candidate of [process.env.ESPEAK_PATH, '/usr/bin/espeak-ng', '/usr/local/bin/espeak-ng']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error(
    'The test speech is synthesised with espeak-ng, which is missing: apt-get install espeak-ng (or set ESPEAK_PATH).',
  );
}

/** The sample sentence spoken in English, 16 kHz mono 16-bit PCM, exactly 11.0 s (speech, then silence). */
export function speechSampleWav(): string {
  return inPlace('speech-sample.wav', (partial) => {
    const spoken = `${partial}.espeak.wav`;
    try {
      execFileSync(espeak(), ['-v', 'en-us', '-s', '150', '-w', spoken, SPEECH_SAMPLE_TEXT]);
      execFileSync(findMediaBinaries({}).ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-i', spoken],
        ...['-af', 'apad', '-t', String(SPEECH_SAMPLE_SECONDS), '-ar', '16000', '-ac', '1'],
        ...['-c:a', 'pcm_s16le', '-f', 'wav', partial],
      ]);
    } finally {
      rmSync(spoken, { force: true });
    }
  });
}

/** A Whisper model file the binding loads and runs (scripts/make-test-model.ts: no weights, hears nothing). */
export function testWhisperModel(): string {
  const bytes = testWhisperModelBytes();
  const digest = createHash('sha256').update(bytes).digest('hex');
  return inPlace(`ggml-test-${digest.slice(0, 12)}.bin`, (partial) => writeFileSync(partial, bytes));
}

export function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
