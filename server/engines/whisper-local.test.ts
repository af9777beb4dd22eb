import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TranscribeOptions, TranscribeResult } from '@fugood/whisper.node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputLanguage } from '../../shared/languages';
import { TEST_MODEL_FILE } from '../../test/fakes/model-server';
import { speechSampleWav } from '../../test/support/fixtures';
import { media } from '../../test/support/media';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { resolveWhisperModel } from './models';
import { EngineUnavailable, SpeechModelUnavailable, type TranscriptionRequest } from './types';
import { type LoadWhisperModel, loadWhisperModel, type WhisperSession } from './whisper-context';
import { createWhisperTranscriber } from './whisper-local';

const run = promisify(execFile);
const SPEECH_WAV = speechSampleWav();
const logger = createLogger('silent');
/** whisper.cpp runs a full 30 s window per call, ~12 s here with 2 cores even for the untrained model. */
const WHISPER_TIMEOUT = 120_000;

interface Call {
  options: Omit<TranscribeOptions, 'onProgress' | 'onNewSegments'>;
  audioBytes: number;
  result?: TranscribeResult;
  /** Whether the engine told the binding to stop this run. */
  stopped: boolean;
}

/** The real binding, with a window on what goes into whisper.cpp and what it says back. */
function spyingLoader(calls: Call[], onCall?: () => void): LoadWhisperModel {
  return async (modelFile, log) => {
    const session = await loadWhisperModel(modelFile, log);
    const spy: WhisperSession = {
      transcribeData(audio, options) {
        const { onProgress: _progress, onNewSegments: _segments, ...plain } = options;
        const job = session.transcribeData(audio, options);
        const call: Call = { options: plain, audioBytes: audio.byteLength, stopped: false };
        job.promise.then((result) => (call.result = result)).catch(() => {});
        const stop = () => {
          call.stopped = true;
          return job.stop();
        };
        calls.push(call);
        onCall?.();
        return { stop, promise: job.promise };
      },
    };
    return spy;
  };
}

interface Seams {
  windowSeconds?: number;
  stallTimeoutMs?: number;
  onCall?: () => void;
}

function transcriberWith(calls: Call[], seams: Seams = {}) {
  const config = loadConfig({ WHISPER_MODEL: TEST_MODEL_FILE });
  return createWhisperTranscriber({
    logger,
    modelFile: () => resolveWhisperModel(config),
    loadModel: spyingLoader(calls, seams.onCall),
    windowSeconds: seams.windowSeconds,
    stallTimeoutMs: seams.stallTimeoutMs,
  });
}

function requireProgram(program: string, versionFlag: string, aptPackage: string): void {
  const probe = spawnSync(program, [versionFlag], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new Error(`${program} is needed to make speech samples: apt-get install -y ${aptPackage}`);
  }
}

/** Speech in another language made at test time: espeak-ng, then 16 kHz mono with ffmpeg. */
async function spokenSample(dir: string, language: InputLanguage, text: string): Promise<string> {
  requireProgram('espeak-ng', '--version', 'espeak-ng');
  const raw = path.join(dir, `${language}-raw.wav`);
  const sample = path.join(dir, `${language}.wav`);
  await run('espeak-ng', ['-v', language, '-w', raw, text]);
  await run(media.ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    raw,
    '-ar',
    '16000',
    '-ac',
    '1',
    sample,
  ]);
  return sample;
}

let samplesDir: string;
beforeAll(async () => {
  samplesDir = await mkdtemp(path.join(os.tmpdir(), 'whisper-samples-'));
});
afterAll(async () => {
  await rm(samplesDir, { recursive: true, force: true });
});

describe('local Whisper engine with the untrained test model', () => {
  it('loads a model file once per process', async () => {
    const first = loadWhisperModel(TEST_MODEL_FILE, logger);
    expect(loadWhisperModel(TEST_MODEL_FILE, logger)).toBe(first);
    await first;
  });

  it(
    'runs whisper.cpp on the sample with its language and every core, reports progress, finds no words',
    async () => {
      const calls: Call[] = [];
      const progress: number[] = [];
      const transcript = await transcriberWith(calls).transcribe({
        audioFile: SPEECH_WAV,
        language: 'en',
        onProgress: (percent) => progress.push(percent),
      });
      expect(transcript).toEqual({ words: [], language: 'en' });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.options).toEqual({
        language: 'en',
        translate: false,
        maxThreads: os.availableParallelism(),
        tokenTimestamps: true,
        maxLen: 1,
        maxContext: 0,
      });
      expect(calls[0]?.audioBytes).toBe(11 * 16_000 * 2);
      // whisper.cpp itself reports the language it decoded in: the request's reached it.
      expect(calls[0]?.result).toMatchObject({ language: 'en', isAborted: false, segments: [] });
      expect(progress.length).toBeGreaterThan(1);
      expect(progress.at(-1)).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    },
    WHISPER_TIMEOUT,
  );

  it(
    'sends German speech with its language code and the translate task when English is wanted',
    async () => {
      const sample = await spokenSample(samplesDir, 'de', 'Guten Tag. Wie geht es Ihnen heute?');
      const calls: Call[] = [];
      const transcript = await transcriberWith(calls).transcribe({
        audioFile: sample,
        language: 'de',
        translateToEnglish: true,
      });
      expect(calls[0]?.options).toMatchObject({ language: 'de', translate: true });
      expect(calls[0]?.result?.language).toBe('de');
      expect(transcript).toEqual({ words: [], language: 'en' });
    },
    WHISPER_TIMEOUT,
  );

  it(
    "sends the company's glossary as Whisper's initial prompt",
    async () => {
      const sample = await spokenSample(samplesDir, 'nl', 'Wij draaien Kubernetes voor Zorgverzekeraar XYZ.');
      const calls: Call[] = [];
      await transcriberWith(calls).transcribe({
        audioFile: sample,
        language: 'nl',
        vocabulary: ['Kubernetes', 'Zorgverzekeraar XYZ'],
      });
      expect(calls[0]?.options).toMatchObject({ language: 'nl', prompt: 'Kubernetes, Zorgverzekeraar XYZ.' });
    },
    WHISPER_TIMEOUT,
  );

  it(
    'sends French speech with its language code',
    async () => {
      const sample = await spokenSample(samplesDir, 'fr', "Bonjour. Comment allez-vous aujourd'hui ?");
      const calls: Call[] = [];
      const transcript = await transcriberWith(calls).transcribe({ audioFile: sample, language: 'fr' });
      expect(calls[0]?.options).toMatchObject({ language: 'fr', translate: false });
      expect(calls[0]?.result?.language).toBe('fr');
      expect(transcript).toEqual({ words: [], language: 'fr' });
    },
    WHISPER_TIMEOUT,
  );

  it('refuses a file that is not a Whisper model, naming it', async () => {
    await expect(loadWhisperModel(SPEECH_WAV, logger)).rejects.toThrow(
      new RegExp(`Cannot load the Whisper model ${SPEECH_WAV}: Failed to initialize whisper context`),
    );
  });

  it('says which model file is missing before touching the audio', async () => {
    const config = loadConfig({ WHISPER_MODEL: '/nowhere/ggml-base.bin' });
    const transcriber = createWhisperTranscriber({ logger, modelFile: () => resolveWhisperModel(config) });
    const error = await transcriber.transcribe({ audioFile: SPEECH_WAV, language: 'en' }).catch((e) => e);
    expect(error).toBeInstanceOf(SpeechModelUnavailable);
    expect(error.cause.message).toBe('WHISPER_MODEL=/nowhere/ggml-base.bin: no such model file');
  });

  it(
    'gives a window up when whisper.cpp does not answer in time',
    async () => {
      const calls: Call[] = [];
      const transcriber = transcriberWith(calls, { stallTimeoutMs: 500 });
      const error = await transcriber
        .transcribe({ audioFile: SPEECH_WAV, language: 'en' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EngineUnavailable);
      expect(String(error)).toMatch(/whisper.cpp did not finish 11 s of audio within 1 s/);
      expect(calls[0]?.stopped).toBe(true);
    },
    WHISPER_TIMEOUT,
  );

  it(
    'stops when the job is cancelled, at once and starting no further window',
    async () => {
      const calls: Call[] = [];
      const controller = new AbortController();
      let abortedAt = 0;
      const abortSoon = () =>
        setTimeout(() => {
          abortedAt = Date.now();
          controller.abort(new Error('video deleted'));
        }, 300);
      const transcriber = transcriberWith(calls, { windowSeconds: 4, onCall: abortSoon });
      const request: TranscriptionRequest = {
        audioFile: SPEECH_WAV,
        language: 'en',
        signal: controller.signal,
      };
      await expect(transcriber.transcribe(request)).rejects.toThrow('video deleted');
      // A window takes ~12 s here; the job gives up well before, and the other two never start.
      expect(Date.now() - abortedAt).toBeLessThan(1_000);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.audioBytes).toBeLessThanOrEqual(4 * 16_000 * 2);
      expect(calls[0]?.stopped).toBe(true);
    },
    WHISPER_TIMEOUT,
  );
});
