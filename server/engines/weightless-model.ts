import { readFile, stat } from 'node:fs/promises';

const GGML_MAGIC = 0x67676d6c;
/** The smallest trained Whisper model (tiny.en, quantised) is tens of MB; a header alone is far less. */
const MAX_HEADER_ONLY_BYTES = 4 * 1024 * 1024;

/**
 * Whether a ggml Whisper model file ends right after its vocabulary: a model without weights, as
 * test models are (whisper.cpp's own, and scripts/make-test-model.ts). It loads and runs but never
 * hears a word, so quality must not be measured with it.
 */
export async function isWeightlessModel(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info || info.size > MAX_HEADER_ONLY_BYTES) return false;
  const bytes = await readFile(file);
  if (bytes.length < 56 || bytes.readUInt32LE(0) !== GGML_MAGIC) return false;
  let offset = 4 + 11 * 4;
  const melBands = bytes.readInt32LE(offset);
  const melBins = bytes.readInt32LE(offset + 4);
  offset += 8 + melBands * melBins * 4;
  if (offset + 4 > bytes.length) return false;
  const tokens = bytes.readInt32LE(offset);
  offset += 4;
  for (let token = 0; token < tokens; token++) {
    if (offset + 4 > bytes.length) return false;
    offset += 4 + bytes.readUInt32LE(offset);
  }
  return offset === bytes.length;
}
