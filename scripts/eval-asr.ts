/**
 * Quality evaluation of the local speech engine: word error rate on DIR/*.wav against the reference
 * transcripts in DIR/README.md (a table: | file.wav | what | reference transcript | source |).
 * `npm run eval:asr -- --samples DIR` (or ASR_SAMPLES_DIR=DIR).
 * Never prints a figure it did not measure: without a trained model it says so and exits 0.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { installedWhisperModel } from '../server/engines/models';
import { isWeightlessModel } from '../server/engines/weightless-model';
import { createWhisperTranscriber } from '../server/engines/whisper-local';
import { combinedWordErrorRate, type WordErrorRate, wordErrorRate } from '../server/engines/word-error-rate';
import { createLogger } from '../server/logger';
import { INPUT_LANGUAGES, type InputLanguage } from '../shared/languages';

/** The issue's bar for `base`; larger models do better, so it holds for them too. */
const MAX_WORD_ERROR_RATE = 0.1;
/** No default: trained-model evaluation needs real recordings with transcripts, which the repository does not ship. */
const DEFAULT_SAMPLES = process.env.ASR_SAMPLES_DIR ?? '';

interface Sample {
  file: string;
  language: InputLanguage;
  reference: string;
}

function samplesDir(args: string[]): string {
  const index = args.indexOf('--samples');
  return index >= 0 && args[index + 1] ? path.resolve(args[index + 1] ?? '') : DEFAULT_SAMPLES;
}

/** The language named in the README's "what" column (e.g. "English"), English when none is. */
function languageOf(description: string): InputLanguage {
  const entries = Object.entries(INPUT_LANGUAGES) as [InputLanguage, string][];
  return entries.find(([, name]) => description.includes(name))?.[0] ?? 'en';
}

/** Rows of the README table: | file.wav | what | reference transcript | source |. */
async function readSamples(dir: string): Promise<Sample[]> {
  if (!dir) return [];
  const readme = await readFile(path.join(dir, 'README.md'), 'utf8').catch(() => '');
  const files = new Set(await readdir(dir));
  return readme.split('\n').flatMap((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    const [, file, what, reference] = cells;
    if (!file?.endsWith('.wav') || !files.has(file) || !what || !reference) return [];
    return [{ file: path.join(dir, file), language: languageOf(what), reference }];
  });
}

function notRun(reason: string): void {
  process.stdout.write(`eval:asr did not run: ${reason}\n`);
  process.stdout.write(
    'No word error rate was measured. Fetch a trained model with: npm run model -- pull base\n',
  );
}

/** The trained model to evaluate, or null after saying why there is none. */
async function trainedModel(): Promise<string | null> {
  const config = loadConfig();
  const model = await installedWhisperModel(config);
  if (!model) {
    const where = config.WHISPER_MODEL
      ? `WHISPER_MODEL=${config.WHISPER_MODEL} does not exist`
      : `WHISPER_MODEL is unset and ${config.WHISPER_MODEL_NAME} is not downloaded in ${config.dataDir}/models`;
    notRun(`no Whisper model here (${where}).`);
    return null;
  }
  if (await isWeightlessModel(model)) {
    notRun(`${model} is a test model without weights, which transcribes nothing.`);
    return null;
  }
  return model;
}

async function measure(model: string, samples: Sample[]): Promise<WordErrorRate> {
  const transcriber = createWhisperTranscriber({
    logger: createLogger('warn'),
    modelFile: async () => model,
  });
  const results: WordErrorRate[] = [];
  for (const sample of samples) {
    const transcript = await transcriber.transcribe({ audioFile: sample.file, language: sample.language });
    const hypothesis = transcript.words.map((word) => word.text).join(' ');
    const result = wordErrorRate(sample.reference, hypothesis);
    results.push(result);
    const percent = (result.rate * 100).toFixed(1);
    process.stdout.write(
      `${path.basename(sample.file)} (${sample.language}): WER ${percent}% (${result.errors}/${result.referenceWords})\n`,
    );
    process.stdout.write(`  heard: ${hypothesis}\n`);
  }
  return combinedWordErrorRate(results);
}

async function main(): Promise<number> {
  const model = await trainedModel();
  if (!model) return 0;
  const samples = await readSamples(samplesDir(process.argv.slice(2)));
  if (samples.length === 0) {
    notRun('no samples with a reference transcript were found (give them with --samples DIR).');
    return 0;
  }
  process.stdout.write(`Model: ${model}\n`);
  const overall = await measure(model, samples);
  const percent = (overall.rate * 100).toFixed(1);
  const passed = overall.rate <= MAX_WORD_ERROR_RATE;
  process.stdout.write(
    `Overall WER ${percent}% over ${overall.referenceWords} words (at most ${MAX_WORD_ERROR_RATE * 100}%): ${passed ? 'pass' : 'FAIL'}\n`,
  );
  return passed ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`eval:asr failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
