/**
 * The one recipe for the MP4s tests and benchmarks upload: a lavfi picture (the test pattern unless
 * another source is named) with a tone, a WAV or no sound, as H.264 + AAC. Each caller runs ffmpeg
 * its own way (async in tests, sync in Playwright's setup, timed in benchmarks); the arguments are
 * built here.
 */
export interface ClipRecipe {
  /** Length; without it the clip is as long as its WAV. */
  seconds?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** A lavfi video source replacing the test pattern (then width, height and fps are its own). */
  picture?: string;
  /** A 440 Hz tone (needs `seconds`), a WAV file (looped when `loop`), or a silent clip. */
  sound?: 'tone' | 'none' | { wav: string; loop?: boolean };
  /** x264 preset and quality: ultrafast by default, fast to make and small enough. */
  preset?: string;
  crf?: number;
  audioBitrate?: string;
  /** The index at the front, as phones and editors write it. */
  faststart?: boolean;
}

export function clipArguments(recipe: ClipRecipe, file: string): string[] {
  const { seconds, width = 640, height = 360, fps = 25, sound = 'tone', preset = 'ultrafast' } = recipe;
  if (seconds === undefined && (sound === 'tone' || sound === 'none'))
    throw new Error('A clip without a WAV needs its length in seconds');
  const picture = recipe.picture ?? `testsrc2=size=${width}x${height}:rate=${fps}`;
  const inputs = ['-f', 'lavfi', '-i', picture];
  if (sound === 'tone') inputs.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100');
  else if (sound !== 'none') inputs.push(...(sound.loop ? ['-stream_loop', '-1'] : []), '-i', sound.wav);
  const withSound = sound !== 'none';
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-map',
    '0:v',
    ...(withSound ? ['-map', '1:a'] : []),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    ...(recipe.crf === undefined ? [] : ['-crf', String(recipe.crf)]),
    '-pix_fmt',
    'yuv420p',
    ...(withSound ? ['-c:a', 'aac', ...(recipe.audioBitrate ? ['-b:a', recipe.audioBitrate] : [])] : []),
    ...(recipe.faststart ? ['-movflags', '+faststart'] : []),
    ...(seconds === undefined ? ['-shortest'] : ['-t', String(seconds)]),
    file,
  ];
}

const SHOT_SOURCES = ['testsrc2', 'color=c=darkred', 'testsrc', 'color=c=navy'];

/**
 * A lavfi picture (`ClipRecipe.picture`) of shots cut hard one after another: `shotSeconds` long
 * each, alternately a moving test pattern and a plain colour, so each cut is a shot change at a known
 * time (the sum of the shots before it) and nothing else is.
 */
export function shotsPicture(shotSeconds: readonly number[], { width = 320, height = 240, fps = 25 } = {}) {
  const shots = shotSeconds.map((seconds, index) => {
    const source = SHOT_SOURCES[index % SHOT_SOURCES.length] ?? 'testsrc2';
    const joiner = source.includes('=') ? ':' : '=';
    return `${source}${joiner}size=${width}x${height}:rate=${fps}:duration=${seconds}[s${index}]`;
  });
  const inputs = shotSeconds.map((_, index) => `[s${index}]`).join('');
  return `${shots.join(';')};${inputs}concat=n=${shotSeconds.length}:v=1:a=0[out0]`;
}
