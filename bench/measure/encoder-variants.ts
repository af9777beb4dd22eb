import { availableParallelism } from 'node:os';

/** An x264 setting to try in place of the product's, everything else in the command unchanged. */
export interface EncoderVariant {
  label: string;
  preset: string;
  crf: number;
  /** `-x264-params` value; without it the preset's own settings apply. */
  x264Params?: string;
  /** `-threads` value (0 lets x264 choose, 1.5 × cores); without it the product's value stays. */
  threads?: number;
}

function replaceValue(args: string[], flag: string, value: string): string[] {
  const index = args.indexOf(flag);
  if (index < 0 || index + 1 >= args.length) throw new Error(`the burn-in command has no ${flag} to replace`);
  const copy = [...args];
  copy[index + 1] = value;
  return copy;
}

/** Sets `-x264-params` (placed after `-crf` when the command has none), or removes it. */
function withX264Params(args: string[], params: string | undefined): string[] {
  const index = args.indexOf('-x264-params');
  if (index >= 0) {
    const copy = [...args];
    copy.splice(index, 2, ...(params === undefined ? [] : ['-x264-params', params]));
    return copy;
  }
  if (params === undefined) return args;
  const crf = args.indexOf('-crf');
  return [...args.slice(0, crf + 2), '-x264-params', params, ...args.slice(crf + 2)];
}

/** The product's burn-in arguments with another preset, CRF, x264 parameters and thread count. */
export function withEncoder(args: readonly string[], variant: EncoderVariant): string[] {
  let changed = replaceValue([...args], '-preset', variant.preset);
  changed = replaceValue(changed, '-crf', String(variant.crf));
  changed = withX264Params(changed, variant.x264Params);
  return variant.threads === undefined ? changed : replaceValue(changed, '-threads', String(variant.threads));
}

const FULL_PEL = 'subme=0:partitions=i8x8,i4x4';

/** What the full run tries beside the product's setting (veryfast, CRF 22, full-pel, 16×16 inter). */
export const ENCODER_VARIANTS: readonly EncoderVariant[] = [
  {
    label: 'same, one thread per core (the previous setting)',
    preset: 'veryfast',
    crf: 22,
    x264Params: FULL_PEL,
    threads: availableParallelism(),
  },
  { label: 'same, threads=auto', preset: 'veryfast', crf: 22, x264Params: FULL_PEL, threads: 0 },
  { label: 'same, CRF 21.5', preset: 'veryfast', crf: 21.5, x264Params: FULL_PEL },
  { label: 'same, CRF 22.5', preset: 'veryfast', crf: 22.5, x264Params: FULL_PEL },
  { label: 'veryfast crf22 subme=0 (all partitions)', preset: 'veryfast', crf: 22, x264Params: 'subme=0' },
  {
    label: 'veryfast crf22 subme=1 partitions=i8x8,i4x4',
    preset: 'veryfast',
    crf: 22,
    x264Params: 'subme=1:partitions=i8x8,i4x4',
  },
  { label: 'veryfast crf21 (the previous setting)', preset: 'veryfast', crf: 21 },
];

/** `All:` of ffmpeg's ssim filter summary line. */
export function parseSsim(stderr: string): number {
  const match = /SSIM .*All:([0-9.]+)/.exec(stderr);
  const value = Number(match?.[1]);
  if (!match || !Number.isFinite(value)) throw new Error('ffmpeg printed no SSIM summary');
  return value;
}
