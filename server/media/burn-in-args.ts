export interface BurnIn {
  input: string;
  output: string;
  /** Relative to ffmpeg's working folder, so no filtergraph escaping is needed. */
  assFile: string;
  fontsDir: string;
  /** AAC audio is stream-copied; anything else is encoded to AAC once. */
  copyAudio: boolean;
  /** Cores the job may use (server/cpu-share.ts). */
  threads: number;
  /** The length paid for (paid-length.ts): the output stops there, whatever the source holds. */
  untilSeconds?: number;
}

/**
 * The video encoder of every burn-in, whole or by segments: segments joined without re-encoding
 * need exactly the same settings.
 *
 * `veryfast` with full-pel motion search and no sub-16×16 inter partitions, CRF 22: faster than plain
 * `veryfast` at about the same size. Its speed, size and SSIM against the naive command are measured
 * by `npm run bench` (`burnin_speedup_vs_naive`, `burnin_size_ratio_vs_naive`, `burnin_ssim_vs_naive`
 * in docs/BENCHMARKS.md), not stated here. +faststart so downloads play while loading.
 */
export function videoEncoderArgs(cores: number): string[] {
  return [
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22'],
    ...['-x264-params', 'subme=0:partitions=i8x8,i4x4', '-pix_fmt', 'yuv420p'],
    ...['-threads', String(encoderThreads(cores))],
  ];
}

/**
 * x264's frame threads for a job given `cores`: x264's own rule for a whole machine, 1.5 threads per
 * core, applied to the job's share, so a core whose thread waits for the rows of its reference frame
 * has another to run (and the subtitle filter's thread overlaps the encoding). On 2 cores, 3 threads
 * burned 5 to 10% faster than 2 at the same size; `npm run bench` measures the difference
 * ("same, one thread per core" among the encoder variants).
 */
export function encoderThreads(cores: number): number {
  return Math.max(1, Math.round(cores * 1.5));
}

/**
 * H.264 in 4:2:0 holds only even widths and heights: a source of 641×361 (a 4:4:4 or VP9 upload) loses
 * its last column and row after the subtitles are drawn. A no-op on even sizes.
 */
export const EVEN_FRAME = 'crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0';

/** The burn-in's video filters: the subtitles, then a frame the encoder can hold. */
export function burnInFilters(job: Pick<BurnIn, 'assFile' | 'fontsDir'>): string[] {
  return [`ass=${job.assFile}:fontsdir=${job.fontsDir}`, EVEN_FRAME];
}

export function burnInArgs(job: BurnIn): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    job.input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    burnInFilters(job).join(','),
    ...videoEncoderArgs(job.threads),
    ...(job.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k']),
    ...(job.untilSeconds === undefined ? [] : ['-t', job.untilSeconds.toFixed(6)]),
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    job.output,
  ];
}
