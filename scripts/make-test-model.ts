/**
 * Writes a Whisper model file in whisper.cpp's ggml format for the plumbing tests: the hyper-
 * parameters of `tiny` (multilingual, so every language and the translate task are accepted), a
 * real mel filterbank, a small byte-level vocabulary, and no weights. whisper.cpp loads such a file
 * as an empty model for testing (its own test model is built the same way): it runs, reports
 * progress, can be stopped, and hears nothing. Trained weights are needed for real transcripts.
 *
 *   npm run make-test-model -- FILE
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const GGML_MAGIC = 0x67676d6c;
/** n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state, n_text_head, n_text_layer, n_mels, ftype */
const TINY_HPARAMS = [51865, 1500, 384, 6, 4, 448, 384, 6, 4, 80, 1] as const;
const SAMPLE_RATE = 16_000;
const N_FFT = 400;
const N_MELS = 80;

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Triangular filters evenly spaced on the mel scale from 0 Hz to Nyquist, one row per mel band. */
export function melFilterbank(): Float32Array {
  const bins = N_FFT / 2 + 1;
  const top = hzToMel(SAMPLE_RATE / 2);
  const edges = Array.from({ length: N_MELS + 2 }, (_, index) => melToHz((top * index) / (N_MELS + 1)));
  const filters = new Float32Array(N_MELS * bins);
  for (let band = 0; band < N_MELS; band++) {
    const [low = 0, centre = 0, high = 0] = edges.slice(band, band + 3);
    for (let bin = 0; bin < bins; bin++) {
      const hz = (bin * SAMPLE_RATE) / N_FFT;
      const rising = (hz - low) / (centre - low);
      const falling = (high - hz) / (high - centre);
      filters[band * bins + bin] = Math.max(0, Math.min(rising, falling));
    }
  }
  return filters;
}

/** One token per byte; whisper.cpp names the rest of the 51,865 ids (special tokens included) itself. */
function vocabulary(): Buffer[] {
  return Array.from({ length: 256 }, (_, byte) => Buffer.from([byte]));
}

export function testWhisperModelBytes(): Buffer {
  const int32 = (values: readonly number[]) => {
    const buffer = Buffer.alloc(4 * values.length);
    for (const [index, value] of values.entries()) buffer.writeInt32LE(value, index * 4);
    return buffer;
  };
  const magic = Buffer.alloc(4);
  magic.writeUInt32LE(GGML_MAGIC);
  const filters = melFilterbank();
  const tokens = vocabulary();
  return Buffer.concat([
    magic,
    int32(TINY_HPARAMS),
    int32([N_MELS, N_FFT / 2 + 1]),
    Buffer.from(filters.buffer, filters.byteOffset, filters.byteLength),
    int32([tokens.length]),
    ...tokens.flatMap((token) => [int32([token.length]), token]),
  ]);
}

export function writeTestWhisperModel(file: string): void {
  writeFileSync(file, testWhisperModelBytes());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run make-test-model -- FILE');
    process.exit(2);
  }
  writeTestWhisperModel(file);
  console.log(`Wrote a test Whisper model (no weights) to ${file}`);
}
