import type { FigureKey } from '../figures';
import type { FigureResult } from '../results';

/**
 * Figures measured against two baselines, the stricter first: a target met only against the gentler
 * one is shown beside the figure that misses it, never alone.
 */
export const SIDE_BY_SIDE: readonly { stricter: FigureKey; gentler: FigureKey; what: string }[] = [
  {
    stricter: 'upload_throughput_ratio',
    gentler: 'upload_throughput_ratio_vs_disk_sink',
    what: 'Upload throughput: against a sink that discards the body, then against one that writes it to the same disk',
  },
  {
    stricter: 'upload_s3_throughput_ratio_vs_disk_sink',
    gentler: 'upload_s3_throughput_ratio_vs_direct_store',
    what: 'S3 upload throughput: against the disk sink, then against the same file sent straight into the store',
  },
  {
    stricter: 'burnin_ssim_vs_naive',
    gentler: 'burnin_ssim_vs_naive_outside_subtitles',
    what: 'Burn-in SSIM against the naive command: the whole frame, then the frame above the subtitles',
  },
  {
    stricter: 'editor_keystroke_with_frame_wait_ms',
    gentler: 'editor_keystroke_ms',
    what: "Editor keystroke, input to paint: with the wait for the display's next frame, then without it",
  },
];

const GENTLER = new Map(SIDE_BY_SIDE.map((pair) => [pair.gentler, pair.stricter]));
const STRICTER = new Map(SIDE_BY_SIDE.map((pair) => [pair.stricter, pair.gentler]));

/** The figures in report order, each gentler figure moved right after its stricter one. */
export function pairedOrder(figures: readonly FigureResult[]): FigureResult[] {
  const byKey = new Map(figures.map((figure) => [figure.key, figure]));
  const ordered: FigureResult[] = [];
  for (const figure of figures) {
    if (GENTLER.has(figure.key) && byKey.has(GENTLER.get(figure.key) as FigureKey)) continue;
    ordered.push(figure);
    const gentler = byKey.get(STRICTER.get(figure.key) as FigureKey);
    if (gentler) ordered.push(gentler);
  }
  return ordered;
}
