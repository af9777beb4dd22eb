import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cuesToAss } from '../../shared/subtitles/ass';
import type { SubtitleStyle } from '../../shared/subtitles/subtitle-style';
import type { SubtitleFonts } from './fonts';
import { runFfmpeg } from './run-ffmpeg';

/** A 16:9 frame small enough to draw in a tenth of a second, large enough to judge a style by. */
export const PREVIEW_WIDTH = 480;
export const PREVIEW_HEIGHT = 270;
const PREVIEW_TEXT = 'Subtitles look like this\non every video you make';

/**
 * A picture of a style drawn by the burn-in's own renderer (libass through ffmpeg, the same ASS and
 * fonts): two lines over a gradient from dark to light, so the outline or box shows on both.
 */
export async function renderStylePreview(options: {
  ffmpeg: string;
  fonts: SubtitleFonts;
  style: SubtitleStyle;
  tmpDir: string;
  /** Below the server, as jobs run (server/cpu-share.ts): a preview never slows pages down. */
  niceness: number;
  timeLimitMs: number;
}): Promise<Buffer> {
  const workDir = await mkdtemp(path.join(options.tmpDir, 'style-preview-'));
  try {
    const ass = cuesToAss([{ startMs: 0, endMs: 1000, text: PREVIEW_TEXT }], {
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      language: 'en',
      style: options.style,
    });
    await writeFile(path.join(workDir, 'preview.ass'), ass);
    const size = `${PREVIEW_WIDTH}x${PREVIEW_HEIGHT}`;
    const background = `gradients=s=${size}:c0=0x27415e:c1=0xb8a888:x0=0:y0=0:x1=0:y1=${PREVIEW_HEIGHT}:nb_colors=2:speed=0.00001:d=1:r=1`;
    await runFfmpeg(
      options.ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', background],
        ...['-vf', `ass=preview.ass:fontsdir=${options.fonts.fontsDir}`],
        ...['-frames:v', '1', 'preview.png'],
      ],
      {
        cwd: workDir,
        env: { FONTCONFIG_FILE: options.fonts.fontconfigFile },
        niceness: options.niceness,
        timeLimitMs: options.timeLimitMs,
      },
    );
    return await readFile(path.join(workDir, 'preview.png'));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
