import { runFfmpeg } from './run-ffmpeg';

/**
 * A waveform for the subtitle editor, in this format (what `editor.peaks` answers and what is stored
 * as `videos/<folder>/peaks.json` beside the source):
 *
 *   { samplesPerSecond: 40, peaks: [min0, max0, min1, max1, …] }
 *
 * Bucket `i` covers the audio from `i / samplesPerSecond` to `(i + 1) / samplesPerSecond` seconds of
 * the video's time line (a track that starts late is preceded by silent buckets), and holds the
 * lowest and the highest sample in it, so `peaks.length` is twice the number of buckets. Values lie in
 * -1..1, scaled so that the loudest sample of the whole track reaches ±1 (a quiet recording still
 * shows its shape), rounded to 2 decimals. A video without audio has `peaks: []`. At 40 buckets a
 * second a 30-minute video has 144,000 numbers, under 1 MB of JSON.
 */
export interface Peaks {
  samplesPerSecond: number;
  peaks: number[];
}

/** Buckets a second: 25 ms each, finer than a frame at 30 fps is not needed to place a cue. */
export const PEAKS_PER_SECOND = 40;
/** The rate the audio is decoded at: low, since only the envelope is kept. */
export const PEAKS_SAMPLE_RATE = 8000;

export const NO_PEAKS: Peaks = { samplesPerSecond: PEAKS_PER_SECOND, peaks: [] };

/** The first audio track as mono signed 16-bit little-endian PCM on stdout; no video decoded. */
export function peaksArgs(input: string, sampleRate = PEAKS_SAMPLE_RATE): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-c:a',
    'pcm_s16le',
    '-f',
    's16le',
    'pipe:1',
  ];
}

/**
 * Folds PCM chunks (s16le, any length: an odd byte waits for the next chunk) into a min and a max per
 * bucket. Holds only the buckets (4 bytes each, about 290 KB for 30 minutes), never the audio.
 */
export class PeaksReducer {
  private mins = new Int16Array(4096);
  private maxs = new Int16Array(4096);
  private buckets = 0;
  private inBucket = 0;
  private carry: number | null = null;
  private loudest = 0;
  private readonly samplesPerBucket: number;

  constructor(
    readonly samplesPerSecond = PEAKS_PER_SECOND,
    sampleRate = PEAKS_SAMPLE_RATE,
    /** Seconds of silence before the track starts (its start time in the video). */
    leadSeconds = 0,
  ) {
    this.samplesPerBucket = Math.max(1, Math.round(sampleRate / samplesPerSecond));
    const silent = Math.max(0, Math.round(leadSeconds * samplesPerSecond));
    for (let index = 0; index < silent; index++) this.open(0);
  }

  push(chunk: Buffer): void {
    let offset = 0;
    if (this.carry !== null && chunk.length > 0) {
      this.sample(((chunk[0] ?? 0) << 8) | this.carry);
      this.carry = null;
      offset = 1;
    }
    const whole = offset + Math.floor((chunk.length - offset) / 2) * 2;
    for (let index = offset; index < whole; index += 2) this.sample(chunk.readInt16LE(index));
    if (whole < chunk.length) this.carry = chunk[whole] ?? 0;
  }

  finish(): Peaks {
    const scale = this.loudest > 0 ? 1 / this.loudest : 0;
    const peaks = new Array<number>(this.buckets * 2);
    const round = (value: number) => Math.round(value * scale * 100) / 100 || 0;
    for (let index = 0; index < this.buckets; index++) {
      peaks[index * 2] = round(this.mins[index] ?? 0);
      peaks[index * 2 + 1] = round(this.maxs[index] ?? 0);
    }
    return { samplesPerSecond: this.samplesPerSecond, peaks };
  }

  private sample(raw: number) {
    // Two bytes joined across chunks arrive unsigned.
    const value = raw > 0x7fff ? raw - 0x10000 : raw;
    if (this.inBucket === 0) {
      this.open(value);
    } else {
      const last = this.buckets - 1;
      if (value < (this.mins[last] ?? 0)) this.mins[last] = value;
      if (value > (this.maxs[last] ?? 0)) this.maxs[last] = value;
    }
    this.inBucket = (this.inBucket + 1) % this.samplesPerBucket;
    const size = Math.abs(value);
    if (size > this.loudest) this.loudest = size;
  }

  private open(value: number) {
    if (this.buckets === this.mins.length) {
      const mins = new Int16Array(this.mins.length * 2);
      const maxs = new Int16Array(this.maxs.length * 2);
      mins.set(this.mins);
      maxs.set(this.maxs);
      this.mins = mins;
      this.maxs = maxs;
    }
    this.mins[this.buckets] = value;
    this.maxs[this.buckets] = value;
    this.buckets += 1;
  }
}

/**
 * Decodes a file's first audio track through a pipe and folds it into peaks as it streams. The
 * caller checks that the file has audio (ffprobe): without one, ffmpeg fails.
 */
export async function computePeaks(
  ffmpeg: string,
  file: string,
  options: { leadSeconds?: number; niceness?: number; signal?: AbortSignal; timeLimitMs: number },
): Promise<Peaks> {
  const reducer = new PeaksReducer(PEAKS_PER_SECOND, PEAKS_SAMPLE_RATE, options.leadSeconds);
  await runFfmpeg(ffmpeg, peaksArgs(file), {
    onOutput: (chunk) => reducer.push(chunk),
    niceness: options.niceness,
    signal: options.signal,
    timeLimitMs: options.timeLimitMs,
  });
  return reducer.finish();
}
