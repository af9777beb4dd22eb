import { runFfmpeg } from './run-ffmpeg';

/**
 * Shot changes by ffmpeg's scene score: the `select` filter's `scene` (0..1, how much a frame differs
 * from the one before) over a threshold, each such frame's time printed by the `metadata` filter.
 * (`scdet` does the same from ffmpeg 4.4; `select` also runs on the bundled ffmpeg 4.1.) The picture
 * is scaled down first: the score compares whole frames, detail adds nothing but time.
 */
export const SCENE_THRESHOLD = 0.3;
/** Width the frames are compared at. */
const COMPARE_WIDTH = 160;

export function shotChangesArgs(input: string, threads: number, threshold = SCENE_THRESHOLD): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-threads',
    String(threads),
    '-an',
    '-sn',
    '-dn',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-vf',
    `scale=${COMPARE_WIDTH}:-2,select='gt(scene,${threshold})',metadata=print:file=-`,
    '-f',
    'null',
    '-',
  ];
}

/**
 * The times (whole ms, ascending, no repeats) of the frames `metadata=print` reported: one
 * `frame:N pts:P pts_time:T` line per frame, its scores on the lines below.
 */
export function parseShotChanges(printed: string): number[] {
  const times = new Set<number>();
  for (const match of printed.matchAll(/pts_time:(-?[\d.]+)/g)) {
    const seconds = Number(match[1]);
    if (Number.isFinite(seconds) && seconds > 0) times.add(Math.round(seconds * 1000));
  }
  return [...times].sort((a, b) => a - b);
}

/** Runs the detection over a file or a link to one; the printed lines are a few per shot change. */
export async function detectShotChanges(
  ffmpeg: string,
  input: string,
  options: { threads: number; niceness?: number; signal?: AbortSignal; timeLimitMs: number; cwd?: string },
): Promise<number[]> {
  let printed = '';
  await runFfmpeg(ffmpeg, shotChangesArgs(input, options.threads), {
    onOutput: (chunk) => {
      printed += chunk.toString('utf8');
    },
    cwd: options.cwd,
    niceness: options.niceness,
    signal: options.signal,
    timeLimitMs: options.timeLimitMs,
  });
  return parseShotChanges(printed);
}
