import { afterEach, describe, expect, it } from 'vitest';
import { type FakeDeepgram, JFK_WORDS, startFakeDeepgram } from '../../test/fakes/deepgram';
import { speechSampleWav } from '../../test/support/fixtures';
import { createDeepgramTranscriber } from './deepgram';
import { EngineRefused, EngineUnavailable } from './types';

const SPEECH_WAV = speechSampleWav();
const API_KEY = 'dg-test-key-0001';
const QUICK_RETRIES = [5, 10];

let fake: FakeDeepgram | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function transcriberOnFake(options: Parameters<typeof startFakeDeepgram>[0] = {}, apiKey = API_KEY) {
  fake = await startFakeDeepgram({ apiKey: API_KEY, ...options });
  return createDeepgramTranscriber({ apiKey, baseUrl: fake.url, retryDelaysMs: QUICK_RETRIES });
}

describe('Deepgram transcriber', () => {
  it('uploads the audio and maps punctuated words with their times', async () => {
    const transcriber = await transcriberOnFake();
    const progress: number[] = [];
    const transcript = await transcriber.transcribe({
      audioFile: SPEECH_WAV,
      language: 'en',
      onProgress: (percent) => progress.push(percent),
    });
    expect(transcript.language).toBe('en');
    expect(transcript.words.map((word) => word.text).join(' ')).toBe(
      'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
    );
    expect(transcript.words[4]).toEqual({ text: 'Americans,', start: 1.84, end: 2.72, confidence: 0.98 });
    expect(
      transcript.words.every((word) => word.start >= 0 && word.end <= 11 && word.end >= word.start),
    ).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const [request] = fake?.requests ?? [];
    expect(request?.headers.authorization).toBe(`Token ${API_KEY}`);
    expect(request?.query).toMatchObject({ model: 'nova-3', language: 'en', punctuate: 'true' });
    expect(request?.bodyBytes).toBe(352_078);
    expect(request?.headers['content-type']).toBe('audio/wav');
  });

  it('passes the chosen language', async () => {
    const transcriber = await transcriberOnFake({ words: JFK_WORDS.slice(0, 2) });
    const transcript = await transcriber.transcribe({ audioFile: SPEECH_WAV, language: 'de' });
    expect(fake?.requests[0]?.query.language).toBe('de');
    expect(transcript.language).toBe('de');
  });

  it('returns no words when Deepgram heard none', async () => {
    const transcriber = await transcriberOnFake({ words: [] });
    await expect(transcriber.transcribe({ audioFile: SPEECH_WAV, language: 'en' })).resolves.toEqual({
      words: [],
      language: 'en',
    });
  });

  it('refuses at once when the key is rejected (401)', async () => {
    const transcriber = await transcriberOnFake({}, 'dg-wrong-key-999');
    const error = await transcriber
      .transcribe({ audioFile: SPEECH_WAV, language: 'en' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineRefused);
    expect(String(error)).toMatch(/Deepgram refused the request: HTTP 401: Invalid credentials/);
    expect(fake?.requests).toHaveLength(1);
  });

  it('retries a rate limit (429 twice) and then succeeds', async () => {
    const transcriber = await transcriberOnFake({ failures: [{ status: 429, times: 2 }] });
    const transcript = await transcriber.transcribe({ audioFile: SPEECH_WAV, language: 'en' });
    expect(transcript.words).toHaveLength(JFK_WORDS.length);
    expect(fake?.requests).toHaveLength(3);
    expect(fake?.requests.every((request) => request.bodyBytes === 352_078)).toBe(true);
  });

  it('gives up on a server that keeps failing (500) with the reason', async () => {
    const transcriber = await transcriberOnFake({ failures: [{ status: 500 }] });
    const error = await transcriber
      .transcribe({ audioFile: SPEECH_WAV, language: 'en' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect(String(error)).toMatch(/Deepgram is unavailable \(3 attempts\): HTTP 500: Internal server error/);
    expect(fake?.requests).toHaveLength(3);
  });

  it('reports an unreachable server as unavailable after retrying', async () => {
    const transcriber = createDeepgramTranscriber({
      apiKey: API_KEY,
      baseUrl: 'http://127.0.0.1:9',
      retryDelaysMs: QUICK_RETRIES,
    });
    await expect(transcriber.transcribe({ audioFile: SPEECH_WAV, language: 'en' })).rejects.toBeInstanceOf(
      EngineUnavailable,
    );
  });

  it('stops when the job is cancelled', async () => {
    const transcriber = await transcriberOnFake({ failures: [{ status: 503 }] });
    const controller = new AbortController();
    controller.abort(new Error('video deleted'));
    await expect(
      transcriber.transcribe({ audioFile: SPEECH_WAV, language: 'en', signal: controller.signal }),
    ).rejects.toThrow('video deleted');
    expect(fake?.requests).toHaveLength(0);
  });
});
