import { copyFile, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cpuShare } from '../../server/cpu-share';
import type { MediaBinaries } from '../../server/media/binaries';
import { burnInArgs } from '../../server/media/burn-in-args';
import { prepareSubtitleFonts, type SubtitleFonts } from '../../server/media/fonts';
import { probeVideo, type VideoProbe } from '../../server/media/probe';
import { renderSubtitles } from '../../server/media/render-subtitles';
import { cuesToAss, parseSrt } from '../../shared/subtitles';
import {
  DEFAULT_SUBTITLE_STYLE,
  type SubtitleStyleId,
  subtitleStyle,
} from '../../shared/subtitles/subtitle-style';
import type { Footage } from '../inputs/clips';
import { runTimed } from '../process-run';
import { median } from '../stats';
import { ENCODER_VARIANTS, type EncoderVariant, parseSsim, withEncoder } from './encoder-variants';

export interface BurnInInput {
  footage: Footage;
  clip: string;
  srt: string;
  seconds: number;
}

export interface VariantResult {
  label: string;
  ms: number;
  speedupVsNaive: number;
  sizeRatioVsNaive: number;
  ssimVsNaive: number;
  /** Against the default encoder with the same (our) subtitles: the encoder's loss alone. */
  ssimVsDefaultEncoderSameSubs: number;
}

export interface BurnInComparison {
  footage: Footage;
  seconds: number;
  /** The product style of our renderings (issue 22: the default and the boxed preset); absent in older runs: the default. */
  style?: SubtitleStyleId;
  naiveMs: number[];
  oursMs: number[];
  /** naive time / our time, per interleaved pair. */
  speedups: number[];
  naiveBytes: number;
  oursBytes: number;
  /** our size / naive size, per pair. */
  sizeRatios: number[];
  ssimVsNaive: number;
  /** The same, on the part of the frame above both subtitle renderings: the encoders alone. */
  ssimVsNaiveOutsideSubtitles: number;
  ssimVsDefaultEncoderSameSubs: number;
  /** Naive output against x264 defaults with our subtitles: what the subtitle styling alone costs. */
  ssimStylingAlone: number;
  variants: VariantResult[];
}

interface Context {
  ffmpeg: string;
  workDir: string;
  input: BurnInInput;
  probe: VideoProbe;
  fonts: SubtitleFonts;
  style: SubtitleStyleId;
}

const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** `ffmpeg -i in.mp4 -vf subtitles=in.srt out.mp4`, defaults otherwise (quiet, overwrite). */
async function naiveBurn(context: Context, output: string): Promise<number> {
  await copyFile(context.input.srt, path.join(context.workDir, 'in.srt'));
  const args = [...QUIET, '-i', context.input.clip, '-vf', 'subtitles=in.srt', output];
  return (await runTimed(context.ffmpeg, args, { cwd: context.workDir })).ms;
}

/** The product's own renderer, timed from the cues to the finished file. */
async function ourBurn(context: Context, output: string): Promise<number> {
  const cues = parseSrt(await readFile(context.input.srt, 'utf8'));
  const started = performance.now();
  const rendered = await renderSubtitles({
    ffmpeg: context.ffmpeg,
    source: context.input.clip,
    probe: context.probe,
    cues,
    language: 'en',
    style: subtitleStyle(context.style),
    fonts: context.fonts,
    tmpDir: context.workDir,
    // One burn-in alone against ffmpeg's defaults: it has the whole machine, as ffmpeg's does.
    cpu: cpuShare(1),
  });
  const ms = performance.now() - started;
  await rename(rendered.output, output);
  await rendered.cleanup();
  return ms;
}

/** The product's burn-in command for this clip, ready to run in `context.workDir`. */
async function ourCommand(context: Context, output: string): Promise<string[]> {
  const { width, height, audio } = context.probe;
  const cues = parseSrt(await readFile(context.input.srt, 'utf8'));
  await writeFile(
    path.join(context.workDir, 'subtitles.ass'),
    cuesToAss(cues, { width, height, language: 'en', style: subtitleStyle(context.style) }),
  );
  await rm(path.join(context.workDir, 'fonts'), { force: true });
  await symlink(context.fonts.fontsDir, path.join(context.workDir, 'fonts'));
  return burnInArgs({
    input: context.input.clip,
    output,
    assFile: 'subtitles.ass',
    fontsDir: 'fonts',
    copyAudio: audio?.codec === 'aac',
    threads: cpuShare(1).threadsPerJob,
  });
}

async function runOurCommand(context: Context, args: string[]): Promise<number> {
  const env = { FONTCONFIG_FILE: context.fonts.fontconfigFile };
  return (await runTimed(context.ffmpeg, args, { cwd: context.workDir, env })).ms;
}

/**
 * The top two thirds of the frame. Both renderings are bottom-aligned with at most two lines; at
 * 720p two lines start at y = 597 (ours) and 624 (naive), well below the 480 rows kept.
 */
const ABOVE_SUBTITLES = 'crop=iw:trunc(ih*2/3/2)*2:0:0';

async function ssim(ffmpeg: string, a: string, b: string, crop?: string): Promise<number> {
  const graph = crop ? `[0:v]${crop}[a];[1:v]${crop}[b];[a][b]ssim` : '[0:v][1:v]ssim';
  const args = ['-hide_banner', '-nostdin', '-i', a, '-i', b, '-lavfi', graph, '-f', 'null', '-'];
  return parseSsim((await runTimed(ffmpeg, args)).stderr);
}

const bytesOf = async (file: string) => (await stat(file)).size;

async function tryVariant(
  context: Context,
  variant: EncoderVariant,
  naive: { file: string; ms: number; bytes: number },
  reference: string,
): Promise<VariantResult> {
  const output = path.join(context.workDir, 'variant.mp4');
  const ms = await runOurCommand(context, withEncoder(await ourCommand(context, output), variant));
  return {
    label: variant.label,
    ms,
    speedupVsNaive: naive.ms / ms,
    sizeRatioVsNaive: (await bytesOf(output)) / naive.bytes,
    ssimVsNaive: await ssim(context.ffmpeg, output, naive.file),
    ssimVsDefaultEncoderSameSubs: await ssim(context.ffmpeg, output, reference),
  };
}

/** `-preset medium -crf 23`, no `-x264-params`, x264's own thread count: the naive command's encoder. */
const X264_DEFAULTS: EncoderVariant = { label: 'x264 defaults', preset: 'medium', crf: 23, threads: 0 };

/** Which goes first alternates, so drift on a noisy machine hits both sides. */
async function timeInterleavedPairs(context: Context, repeats: number, naiveFile: string, oursFile: string) {
  const naiveMs: number[] = [];
  const oursMs: number[] = [];
  const sizeRatios: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    if (repeat % 2 === 0) naiveMs.push(await naiveBurn(context, naiveFile));
    oursMs.push(await ourBurn(context, oursFile));
    if (repeat % 2 === 1) naiveMs.push(await naiveBurn(context, naiveFile));
    sizeRatios.push((await bytesOf(oursFile)) / (await bytesOf(naiveFile)));
  }
  return { naiveMs, oursMs, sizeRatios };
}

/**
 * Ours (in the given product style, the default when none) against the naive command on one clip:
 * interleaved pairs (which goes first alternates, so drift on a noisy machine hits both), then size
 * and SSIM of the last outputs, and optionally other encoder settings of our command.
 */
export async function compareBurnIn(
  media: MediaBinaries,
  dataDir: string,
  input: BurnInInput,
  options: { repeats: number; variants: boolean; style?: SubtitleStyleId },
): Promise<BurnInComparison> {
  const style = options.style ?? DEFAULT_SUBTITLE_STYLE;
  const workDir = path.join(dataDir, `burn-in-${input.footage}-${style}`);
  await mkdir(workDir, { recursive: true });
  const ffmpeg = media.ffmpeg;
  const context: Context = {
    ffmpeg,
    workDir,
    input,
    probe: await probeVideo(media.ffprobe, input.clip),
    fonts: await prepareSubtitleFonts(dataDir),
    style,
  };
  try {
    const naiveFile = path.join(workDir, 'naive.mp4');
    const oursFile = path.join(workDir, 'ours.mp4');
    const pairs = await timeInterleavedPairs(context, options.repeats, naiveFile, oursFile);
    const reference = path.join(workDir, 'default-encoder-same-subs.mp4');
    await runOurCommand(context, withEncoder(await ourCommand(context, reference), X264_DEFAULTS));
    const naive = { file: naiveFile, ms: median(pairs.naiveMs), bytes: await bytesOf(naiveFile) };
    const variants: VariantResult[] = [];
    for (const variant of options.variants ? ENCODER_VARIANTS : [])
      variants.push(await tryVariant(context, variant, naive, reference));
    return {
      footage: input.footage,
      seconds: input.seconds,
      style,
      ...pairs,
      speedups: pairs.naiveMs.map((ms, index) => ms / (pairs.oursMs[index] ?? Number.NaN)),
      naiveBytes: naive.bytes,
      oursBytes: await bytesOf(oursFile),
      ssimVsNaive: await ssim(ffmpeg, oursFile, naiveFile),
      ssimVsNaiveOutsideSubtitles: await ssim(ffmpeg, oursFile, naiveFile, ABOVE_SUBTITLES),
      ssimVsDefaultEncoderSameSubs: await ssim(ffmpeg, oursFile, reference),
      ssimStylingAlone: await ssim(ffmpeg, naiveFile, reference),
      variants,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
