import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isWeightlessModel } from '../../server/engines/weightless-model';
import { createWhisperTranscriber } from '../../server/engines/whisper-local';
import { createLogger } from '../../server/logger';
import { extractAudioArgs } from '../../server/media/extract-audio-args';
import { SAMPLE_WAV } from '../inputs/clips';
import { runTimed } from '../process-run';
import type { ModelCandidate } from './model-verdict';

async function digests(file: string): Promise<{ sha256: string; sha1: string }> {
  const sha256 = createHash('sha256');
  const sha1 = createHash('sha1');
  for await (const chunk of createReadStream(file)) {
    sha256.update(chunk as Buffer);
    sha1.update(chunk as Buffer);
  }
  return { sha256: sha256.digest('hex'), sha1: sha1.digest('hex') };
}

/** WHISPER_MODEL if set, else every model the product downloaded into ./.data/models. */
export async function findModelCandidates(
  env: NodeJS.ProcessEnv,
  repoRoot: string,
): Promise<ModelCandidate[]> {
  const files: { file: string; origin: string }[] = [];
  if (env.WHISPER_MODEL) files.push({ file: path.resolve(env.WHISPER_MODEL), origin: 'WHISPER_MODEL' });
  else {
    const downloaded = path.join(repoRoot, '.data', 'models');
    const names = existsSync(downloaded) ? await readdir(downloaded) : [];
    for (const name of names.filter((entry) => /^ggml-.*\.bin$/.test(entry)).sort())
      files.push({ file: path.join(downloaded, name), origin: `.data/models/${name}` });
  }
  const candidates: ModelCandidate[] = [];
  for (const { file, origin } of files) {
    const sums = existsSync(file) ? await digests(file) : null;
    const weightless = sums ? await isWeightlessModel(file) : false;
    candidates.push({ file, origin, sha256: sums?.sha256 ?? null, sha1: sums?.sha1 ?? null, weightless });
  }
  return candidates;
}

/**
 * Transcription time over audio duration with the product's local engine, on the audio the
 * pipeline would extract. An empty transcript means the model is not a usable one: no figure.
 */
export async function measureAsr(
  ffmpeg: string,
  modelFile: string,
  clips: readonly { path: string; seconds: number }[],
  workRoot: string,
): Promise<{ seconds: number; rtf: number }[]> {
  const transcriber = createWhisperTranscriber({
    modelFile: async () => modelFile,
    logger: createLogger('silent'),
  });
  const workDir = await mkdtemp(path.join(workRoot, 'asr-'));
  try {
    // Loads the model once, as a running server would have it loaded: not part of the figure.
    await transcriber.transcribe({ audioFile: SAMPLE_WAV, language: 'en' });
    const results: { seconds: number; rtf: number }[] = [];
    for (const clip of clips) {
      const wav = path.join(workDir, 'audio.wav');
      await runTimed(ffmpeg, extractAudioArgs(clip.path, wav, clip.seconds + 1));
      const started = performance.now();
      const transcript = await transcriber.transcribe({ audioFile: wav, language: 'en' });
      const ms = performance.now() - started;
      if (transcript.words.length === 0)
        throw new Error(`the model ${modelFile} heard no words in the speech sample`);
      results.push({ seconds: clip.seconds, rtf: ms / 1000 / clip.seconds });
    }
    return results;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
