import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEFAULT_RUN_TIME_LIMIT, type RunTimeLimit } from './run-ffmpeg';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** Where ffmpeg came from, said at start-up with what it cannot do. */
  description: string;
  /** How long each run may take (FFMPEG_TIME_LIMIT_SECONDS and the length of its media). */
  timeLimit: RunTimeLimit;
}

const require = createRequire(import.meta.url);

function onPath(name: string): string | null {
  try {
    const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    return found || null;
  } catch {
    return null;
  }
}

function npmBinary(packageName: string): string | null {
  try {
    const found = (require(packageName) as { path: string }).path;
    return existsSync(found) ? found : null;
  } catch {
    return null;
  }
}

/**
 * FFMPEG_PATH / FFPROBE_PATH, else the system's (Debian's ffmpeg shapes every script we burn in),
 * else the static build shipped on npm (ffmpeg 4.1: it misplaces Devanagari vowel signs).
 */
export function findMediaBinaries(env: {
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
  FFMPEG_TIME_LIMIT_SECONDS?: number;
}): MediaBinaries {
  const systemFfmpeg = env.FFMPEG_PATH ?? onPath('ffmpeg');
  const ffmpeg = systemFfmpeg ?? npmBinary('@ffmpeg-installer/ffmpeg');
  const ffprobe = env.FFPROBE_PATH ?? onPath('ffprobe') ?? npmBinary('@ffprobe-installer/ffprobe');
  if (!ffmpeg || !ffprobe) {
    throw new Error(
      'ffmpeg/ffprobe not found: install them (apt-get install -y ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH',
    );
  }
  const description = systemFfmpeg
    ? `ffmpeg at ${ffmpeg}`
    : `bundled ffmpeg 4.1 at ${ffmpeg}: Hindi (Devanagari) subtitles may render with misplaced vowel signs; install the system ffmpeg (apt-get install -y ffmpeg) for correct shaping`;
  const timeLimit = {
    ...DEFAULT_RUN_TIME_LIMIT,
    floorSeconds: env.FFMPEG_TIME_LIMIT_SECONDS ?? DEFAULT_RUN_TIME_LIMIT.floorSeconds,
  };
  return { ffmpeg, ffprobe, description, timeLimit };
}
