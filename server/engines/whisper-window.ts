import type { TranscribeOptions, TranscribeResult } from '@fugood/whisper.node';
import { EngineUnavailable } from './types';
import { SAMPLE_RATE } from './wav-windows';
import type { WhisperSession } from './whisper-context';
import type { TimedToken } from './whisper-words';

/** A stretch of the audio handed to whisper.cpp in one call. */
export interface AudioWindow {
  /** First sample, from the start of the audio. */
  start: number;
  /** Little-endian 16-bit samples. */
  pcm: Buffer;
  sampleCount: number;
}

export interface WindowGuard {
  signal?: AbortSignal;
  /** Longest wait for whisper.cpp on one window before the job step is given up as failed. */
  stallTimeoutMs: number;
}

function tokensOf(result: TranscribeResult, window: AudioWindow): TimedToken[] {
  const offsetSeconds = window.start / SAMPLE_RATE;
  // With tokenTimestamps and maxLen 1 every segment is one token; the binding gives t0/t1 in ms.
  return result.segments.map((segment) => ({
    text: segment.text,
    start: offsetSeconds + segment.t0 / 1000,
    end: offsetSeconds + segment.t1 / 1000,
  }));
}

/**
 * Transcribes one window. whisper.cpp can fail without ever answering, so the window settles on an
 * abort or a stall timer too, never on the run's promise alone; either one stops the run, which
 * kills its Whisper process (whisper-context.ts): whisper.cpp cannot be interrupted otherwise.
 */
export function transcribeWindow(
  session: WhisperSession,
  window: AudioWindow,
  options: TranscribeOptions,
  guard: WindowGuard,
): Promise<TimedToken[]> {
  guard.signal?.throwIfAborted();
  // The binding wants an ArrayBuffer of exactly these samples (host byte order = WAV's little-endian).
  const audio = new ArrayBuffer(window.pcm.length);
  new Uint8Array(audio).set(window.pcm);
  const job = session.transcribeData(audio, options);
  return new Promise<TimedToken[]>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      guard.signal?.removeEventListener('abort', onAbort);
    };
    const giveUp = (reason: unknown) => {
      settle();
      void job.stop();
      reject(reason);
    };
    const onAbort = () => giveUp(guard.signal?.reason);
    const seconds = Math.round(window.sampleCount / SAMPLE_RATE);
    const stalled = new EngineUnavailable(
      `whisper.cpp did not finish ${seconds} s of audio within ${Math.round(guard.stallTimeoutMs / 1000)} s`,
    );
    const timer = setTimeout(() => giveUp(stalled), guard.stallTimeoutMs);
    guard.signal?.addEventListener('abort', onAbort, { once: true });
    job.promise.then(
      (result) => {
        settle();
        resolve(tokensOf(result, window));
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
