import { describe, expect, it } from 'vitest';
import { FAILURE_TEXTS } from '../../../shared/schemas/videos';
import { LanguageModelRefused, LanguageModelUnavailable, SpeechModelUnavailable } from '../../engines/types';
import { describeFailure, PermanentFailure } from './failure';

/** What engines, ffmpeg and the disk really throw; none of it may reach a customer. */
const TECHNICAL = [
  new Error('ffmpeg was killed by SIGSEGV: [h264 @ 0x55d0c3a4e2c0] error while decoding MB 12 3'),
  Object.assign(new Error("ENOSPC: no space left on device, write '/var/lib/subtitling/files/videos/9'"), {
    code: 'ENOSPC',
  }),
  new TypeError(
    "Cannot read properties of undefined (reading 'words')\n    at makeSubtitles (generate.ts:131:7)",
  ),
];
const RAW = /https?:|\/[\w.-]+\/|\bE[A-Z]{3,}\b|SIG[A-Z]+|0x[0-9a-f]+|\n\s+at |undefined/;

describe('a failure told to the customer', () => {
  it('is a plain sentence for our own faults, and the technical text is kept as the cause', () => {
    for (const error of TECHNICAL) {
      for (const failing of [['srt_status', 'hardcoded_status'], ['hardcoded_status']] as const) {
        const failure = describeFailure(error, [...failing]);
        expect(failure.customer).not.toMatch(RAW);
        expect(failure.customer).toBe(failing.length === 2 ? FAILURE_TEXTS.subtitles : FAILURE_TEXTS.video);
        expect(failure.cause).toBe(error.message);
      }
    }
  });

  it('names a missing speech model in plain words, and keeps the address and errno for admins', () => {
    const download = new Error(
      'Cannot reach https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.bin: fetch failed: getaddrinfo ENOTFOUND huggingface.co',
    );
    const failure = describeFailure(
      new SpeechModelUnavailable('The speech model is not available', { cause: download }),
      ['srt_status', 'hardcoded_status'],
    );
    expect(failure.customer).toBe(FAILURE_TEXTS.speechModel);
    expect(failure.customer).not.toMatch(RAW);
    expect(failure.cause).toBe(`The speech model is not available: ${download.message}`);
  });

  it('says the language model did not answer, and keeps its address and status for admins', () => {
    for (const error of [
      new LanguageModelUnavailable(
        'The language model (qwen at http://127.0.0.1:11434/v1) is unavailable (3 attempts): HTTP 500: overloaded',
      ),
      new LanguageModelRefused(
        'The language model could not translate cue 7 into ja: the answer is not JSON',
      ),
    ]) {
      const failure = describeFailure(error, ['srt_status', 'hardcoded_status']);
      expect(failure.customer).toBe(FAILURE_TEXTS.languageModel);
      expect(failure.customer).not.toMatch(RAW);
      expect(failure.cause).toBe(error.message);
    }
  });

  it('keeps the words of a failure written for the customer, and gives admins its technical cause', () => {
    const failure = describeFailure(
      new PermanentFailure(
        'The video has no audio track to transcribe.',
        'extract audio: ffprobe finds no audio stream in videos/1/source.mp4',
        { cause: new Error('exit code 1') },
      ),
      ['srt_status'],
    );
    expect(failure.customer).toBe('The video has no audio track to transcribe.');
    expect(failure.cause).toBe(
      'extract audio: ffprobe finds no audio stream in videos/1/source.mp4: exit code 1',
    );
  });
});
