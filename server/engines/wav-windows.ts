import { type FileHandle, open } from 'node:fs/promises';

/** whisper.cpp's input: 16 kHz mono 16-bit PCM, which the audio extraction step writes. */
export const SAMPLE_RATE = 16_000;
const BYTES_PER_SAMPLE = 2;
const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export interface PcmWav {
  /** Samples in the data chunk. */
  sampleCount: number;
  /** Little-endian 16-bit samples [start, start + count), read from disk. */
  read(start: number, count: number): Promise<Buffer>;
  close(): Promise<void>;
}

interface Chunk {
  id: string;
  offset: number;
  size: number;
}

async function readChunkHeader(file: FileHandle, offset: number): Promise<Chunk | null> {
  const header = Buffer.alloc(8);
  const { bytesRead } = await file.read(header, 0, 8, offset);
  if (bytesRead < 8) return null;
  return { id: header.toString('latin1', 0, 4), offset: offset + 8, size: header.readUInt32LE(4) };
}

async function checkFormat(file: FileHandle, chunk: Chunk, path: string): Promise<void> {
  const format = Buffer.alloc(16);
  await file.read(format, 0, 16, chunk.offset);
  const tag = format.readUInt16LE(0);
  const channels = format.readUInt16LE(2);
  const rate = format.readUInt32LE(4);
  const bits = format.readUInt16LE(14);
  const pcm = tag === WAVE_FORMAT_PCM || tag === WAVE_FORMAT_EXTENSIBLE;
  if (!pcm || channels !== 1 || rate !== SAMPLE_RATE || bits !== 16) {
    throw new Error(
      `${path} is not 16 kHz mono 16-bit PCM (format ${tag}, ${channels} channels, ${rate} Hz, ${bits} bits)`,
    );
  }
}

/** Walks the RIFF chunks to the data chunk, checking the format on the way. */
async function findData(file: FileHandle, path: string): Promise<{ offset: number; declaredSize: number }> {
  const riff = Buffer.alloc(12);
  await file.read(riff, 0, 12, 0);
  if (riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error(`${path} is not a WAV file`);
  }
  let formatChecked = false;
  for (let chunk = await readChunkHeader(file, 12); chunk; ) {
    if (chunk.id === 'fmt ') {
      await checkFormat(file, chunk, path);
      formatChecked = true;
    }
    if (chunk.id === 'data' && formatChecked) return { offset: chunk.offset, declaredSize: chunk.size };
    chunk = await readChunkHeader(file, chunk.offset + chunk.size + (chunk.size % 2));
  }
  throw new Error(`${path} has no audio data`);
}

/**
 * Opens a WAV file for reading in windows, so a 30-minute audio track is never held in memory
 * whole (SUBTITLE-STYLE.md failure 7). A data size of 0 or 0xFFFFFFFF (written by ffmpeg to a pipe)
 * means "to the end of the file".
 */
export async function openPcmWav(path: string): Promise<PcmWav> {
  const file = await open(path, 'r');
  try {
    const { offset, declaredSize } = await findData(file, path);
    const available = (await file.stat()).size - offset;
    const unset = declaredSize === 0 || declaredSize === 0xffffffff;
    const bytes = unset ? available : Math.min(declaredSize, available);
    const sampleCount = Math.floor(bytes / BYTES_PER_SAMPLE);
    return {
      sampleCount,
      async read(start, count) {
        const length = Math.max(0, Math.min(count, sampleCount - start)) * BYTES_PER_SAMPLE;
        const samples = Buffer.alloc(length);
        if (length > 0) await file.read(samples, 0, length, offset + start * BYTES_PER_SAMPLE);
        return samples;
      },
      close: () => file.close(),
    };
  } catch (error) {
    await file.close();
    throw error;
  }
}

/** Frames of 100 ms: long enough to span a pause between words, short enough to find one. */
const QUIET_FRAME_SAMPLES = SAMPLE_RATE / 10;

function frameEnergy(samples: Buffer, startSample: number): number {
  let sum = 0;
  for (let index = startSample; index < startSample + QUIET_FRAME_SAMPLES; index++) {
    const value = samples.readInt16LE(index * BYTES_PER_SAMPLE);
    sum += value * value;
  }
  return sum;
}

/**
 * Where to end a window: the middle of the quietest 100 ms frame within its last `searchSamples`,
 * so the cut falls between words rather than through one.
 */
export function quietestCut(samples: Buffer, searchSamples: number): number {
  const total = Math.floor(samples.length / BYTES_PER_SAMPLE);
  const searchStart = Math.max(0, total - searchSamples);
  let best = total;
  let bestEnergy = Number.POSITIVE_INFINITY;
  for (let frame = searchStart; frame + QUIET_FRAME_SAMPLES <= total; frame += QUIET_FRAME_SAMPLES / 2) {
    const energy = frameEnergy(samples, frame);
    if (energy < bestEnergy) {
      bestEnergy = energy;
      best = frame + QUIET_FRAME_SAMPLES / 2;
    }
  }
  return best;
}
