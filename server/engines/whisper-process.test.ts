import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { speechSampleWav } from '../../test/support/fixtures';
import { TEST_MODEL } from '../../test/support/media';
import { JOB_NICENESS } from '../cpu-share';
import { EngineUnavailable } from './types';
import { openPcmWav } from './wav-windows';
import { ModelUnloadable, startWhisperProcess } from './whisper-process';

async function speechSamples(): Promise<ArrayBuffer> {
  const wav = await openPcmWav(speechSampleWav());
  try {
    const pcm = await wav.read(0, wav.sampleCount);
    const audio = new ArrayBuffer(pcm.length);
    new Uint8Array(audio).set(pcm);
    return audio;
  } finally {
    await wav.close();
  }
}

describe('a Whisper process', () => {
  it('loads the model below the server and, killed mid-run, ends at once with the reason', async () => {
    const whisper = startWhisperProcess(TEST_MODEL, JOB_NICENESS);
    await whisper.ready;
    expect(os.getPriority(whisper.pid)).toBe(JOB_NICENESS);
    let progressed: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      progressed = resolve;
    });
    const run = whisper.transcribe(await speechSamples(), {
      language: 'en',
      maxThreads: 1,
      onProgress: () => progressed(),
    });
    run.catch(() => {});
    // whisper.cpp is at work (a window takes seconds here): nothing but a kill stops it now.
    await started;
    const killedAt = Date.now();
    whisper.kill();
    const error = await run.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect(String(error)).toContain('The Whisper process was killed by SIGKILL');
    await whisper.ended;
    expect(Date.now() - killedAt).toBeLessThan(1_000);
  }, 60_000);

  it('says why a file is not a model it can load', async () => {
    const whisper = startWhisperProcess(speechSampleWav(), JOB_NICENESS);
    const error = await whisper.ready.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelUnloadable);
    expect(String(error)).toContain('Failed to initialize whisper context');
    await whisper.ended;
  }, 60_000);
});
