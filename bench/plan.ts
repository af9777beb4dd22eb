import type { EditorPlan } from './measure/editor';
import type { VideoCatalogue } from './measure/videos-list';

/** The bench's parts, in the order they run; `--only=editor,upload` runs a few of them. */
export const BENCH_PARTS = [
  'upload',
  'resumable-upload',
  'pipelines',
  'speech',
  'burn-in',
  'api',
  'editor',
  'soft-subtitles',
  'add-language',
] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

export interface BenchPlan {
  mode: 'quick' | 'full';
  /**
   * The parts to run; null runs them all. A run of some parts only prints its figures: the report
   * (docs/BENCHMARKS.md) is written by whole runs.
   */
  only: readonly BenchPart[] | null;
  /** Whole runs one after the other (`--runs=3`), combined by bench/combine-runs.ts. */
  runs: number;
  /** Generated once; longer clips repeat it without re-encoding. */
  unitSeconds: number;
  clipSeconds: number[];
  pipelineRepeats: number;
  burnIn: { seconds: number; repeats: number; variants: boolean };
  /** Burn-in by segments against the whole file, and a one-cue revision: the clip (the burn-in's detailed one, repeated) and repeats. */
  segmented: { seconds: number; repeats: number };
  upload: { bytes: number; repeats: number };
  /** The file cut at half and resumed over tus (upload_resume_overhead). */
  resumableUpload: { bytes: number };
  /** Status changes per round; the p95 is taken per round. */
  status: { changes: number; rounds: number };
  videos: VideoCatalogue;
  list: { concurrency: number[]; windows: number; seconds: number };
  /** Concurrency whose p95 is the headline figure (autocannon's default connection count). */
  headlineConcurrency: number;
  /** Opens of the 30-minute, 600-cue video after the cold one; keystroke rounds into cue 300. */
  editor: EditorPlan;
  /** The video with its subtitles as a track (MKV, stream copy): the clip's length and repeats. */
  softSubtitles: { seconds: number; repeats: number };
  /** A language added to a video of this length (issue 40), the engine answering at once. */
  addLanguage: { seconds: number; repeats: number };
}

const HEADLINE_CONCURRENCY = 10;
/** "A 1.5 GB upload": 1.5 × 10⁹ bytes, inside the product's 1.5 GiB limit. */
const UPLOAD_BYTES = 1_500_000_000;
const VIDEOS: VideoCatalogue = { total: 100_000, companies: 1_000, ofLoadCompany: 10_000 };

function onlyParts(args: readonly string[]): BenchPart[] | null {
  const option = args.find((arg) => arg.startsWith('--only='));
  if (!option) return null;
  const names = option.slice('--only='.length).split(',');
  const unknown = names.filter((name) => !(BENCH_PARTS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`unknown part(s) in ${option}: the parts are ${BENCH_PARTS.join(', ')}`);
  return names as BenchPart[];
}

function runCount(args: readonly string[]): number {
  const option = args.find((arg) => arg.startsWith('--runs='));
  if (!option) return 1;
  const count = Number(option.slice('--runs='.length));
  if (!Number.isInteger(count) || count < 1 || count > 9)
    throw new Error(`${option}: the number of whole runs is a whole number from 1 to 9`);
  return count;
}

/** `--quick`: one clip length, fewer and shorter repeats (813 s on the shared 2-core machine, 2026-11-27). */
export function planFor(args: readonly string[]): BenchPlan {
  const unknown = args.filter(
    (arg) => arg !== '--quick' && arg !== '--' && !arg.startsWith('--only=') && !arg.startsWith('--runs='),
  );
  if (unknown.length > 0)
    throw new Error(`unknown option(s): ${unknown.join(' ')} (only --quick, --only=<parts> and --runs=<n>)`);
  const only = onlyParts(args);
  const runs = runCount(args);
  if (args.includes('--quick')) {
    return {
      mode: 'quick',
      only,
      runs,
      unitSeconds: 20,
      clipSeconds: [60],
      pipelineRepeats: 2,
      // 20 s, not less: on shorter clips ffmpeg's start-up, not the encoder, sets the ratio.
      burnIn: { seconds: 20, repeats: 3, variants: false },
      // The 10 minutes issue 26 states its targets on (13 segments), once: on a shorter clip one
      // changed cue re-burns a larger share of the video, and the ratio says little.
      segmented: { seconds: 600, repeats: 1 },
      upload: { bytes: UPLOAD_BYTES, repeats: 2 },
      // 200 MB, not 1.5 GB: the ratio depends on what is in flight at the cut, not on the file's size.
      resumableUpload: { bytes: 200_000_000 },
      status: { changes: 30, rounds: 3 },
      videos: VIDEOS,
      list: { concurrency: [1, HEADLINE_CONCURRENCY], windows: 3, seconds: 1.5 },
      headlineConcurrency: HEADLINE_CONCURRENCY,
      editor: { opens: 5, keystrokeRounds: 2, keystrokesPerRound: 100 },
      // The 10 minutes issue 40 states its target on: a stream copy takes seconds even there.
      softSubtitles: { seconds: 600, repeats: 3 },
      addLanguage: { seconds: 600, repeats: 3 },
    };
  }
  return {
    mode: 'full',
    only,
    runs,
    unitSeconds: 60,
    clipSeconds: [60, 300, 600],
    pipelineRepeats: 3,
    burnIn: { seconds: 60, repeats: 3, variants: true },
    segmented: { seconds: 600, repeats: 2 },
    upload: { bytes: UPLOAD_BYTES, repeats: 3 },
    resumableUpload: { bytes: UPLOAD_BYTES },
    status: { changes: 100, rounds: 3 },
    videos: VIDEOS,
    list: { concurrency: [1, 4, HEADLINE_CONCURRENCY], windows: 3, seconds: 8 },
    headlineConcurrency: HEADLINE_CONCURRENCY,
    editor: { opens: 10, keystrokeRounds: 3, keystrokesPerRound: 150 },
    softSubtitles: { seconds: 600, repeats: 5 },
    addLanguage: { seconds: 600, repeats: 5 },
  };
}
