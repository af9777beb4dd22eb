/** An x264 setting to try in place of the product's, everything else in the command unchanged. */
export interface EncoderVariant {
  label: string;
  preset: string;
  crf: number;
  /** `-threads` value; 0 lets x264 choose (1.5 × cores). */
  threads: number;
}

function replaceValue(args: string[], flag: string, value: string): string[] {
  const index = args.indexOf(flag);
  if (index < 0 || index + 1 >= args.length) throw new Error(`the burn-in command has no ${flag} to replace`);
  const copy = [...args];
  copy[index + 1] = value;
  return copy;
}

/** The product's burn-in arguments with another preset, CRF and thread count. */
export function withEncoder(args: readonly string[], variant: EncoderVariant): string[] {
  let changed = replaceValue([...args], '-preset', variant.preset);
  changed = replaceValue(changed, '-crf', String(variant.crf));
  return replaceValue(changed, '-threads', String(variant.threads));
}

/** What the full run tries beside the product's current setting (veryfast, CRF 21, threads = cores). */
export const ENCODER_VARIANTS: readonly EncoderVariant[] = [
  { label: 'veryfast crf21 threads=auto', preset: 'veryfast', crf: 21, threads: 0 },
  { label: 'faster crf21 threads=auto', preset: 'faster', crf: 21, threads: 0 },
  { label: 'superfast crf21 threads=auto', preset: 'superfast', crf: 21, threads: 0 },
  { label: 'superfast crf20 threads=auto', preset: 'superfast', crf: 20, threads: 0 },
  { label: 'veryfast crf23 threads=auto', preset: 'veryfast', crf: 23, threads: 0 },
  { label: 'ultrafast crf19 threads=auto', preset: 'ultrafast', crf: 19, threads: 0 },
];

/** `All:` of ffmpeg's ssim filter summary line. */
export function parseSsim(stderr: string): number {
  const match = /SSIM .*All:([0-9.]+)/.exec(stderr);
  const value = Number(match?.[1]);
  if (!match || !Number.isFinite(value)) throw new Error('ffmpeg printed no SSIM summary');
  return value;
}
