import type { FigureKey } from '../figures';
import { FOOTAGE_LABELS } from '../inputs/clips';
import type { FigureResult } from '../results';
import { median } from '../stats';
import type { Details } from './report-data';
import { formatNumber } from './tables';

/**
 * What the run measured around a missed target, printed beside the missed figure: only the run's
 * own numbers (its details, or the figure and its target). Why a target may be missed, as earlier
 * trials found it, is the document's dated prose (known-causes.ts), not printed as if measured.
 */
type Measured = (details: Details, figure: FigureResult) => string | undefined;

const MB = 1e6;
const targetValue = (figure: FigureResult) =>
  figure.target ? formatNumber(figure.target.value) : 'the target';

const burnInSpeedup: Measured = (details) => {
  const perFootage = (details.burnIn ?? []).map(
    (c) => `${FOOTAGE_LABELS[c.footage]} ${formatNumber(median(c.speedups))}×`,
  );
  return perFootage.length > 0 ? `In this run, per footage: ${perFootage.join(', ')}.` : undefined;
};

/** Where the SSIM is lost, on the worst footage of the given comparisons: encoder or styling. */
function ssimSplit(comparisons: Details['burnIn'], figure: FigureResult): string | undefined {
  const worst = [...(comparisons ?? [])].sort((a, b) => a.ssimVsNaive - b.ssimVsNaive)[0];
  return worst
    ? `In this run, on the ${FOOTAGE_LABELS[worst.footage]}: the encoder alone ${worst.ssimVsDefaultEncoderSameSubs.toFixed(4)}, the frame above the subtitles ${worst.ssimVsNaiveOutsideSubtitles.toFixed(4)}, the styling alone ${worst.ssimStylingAlone.toFixed(4)} (target ${targetValue(figure)}).`
    : undefined;
}

const burnInSsim: Measured = (details, figure) => ssimSplit(details.burnIn, figure);
const burnInSsimBoxed: Measured = (details, figure) => ssimSplit(details.burnInBoxed, figure);

const uploadPeak: Measured = ({ upload }) =>
  upload
    ? `In this run the process held ${(upload.idleRss / MB).toFixed(0)} MB before any upload (the baseline), and its peak was ${((upload.peakRss - upload.idleRss) / MB).toFixed(0)} MB above that.`
    : undefined;

const uploadThroughput: Measured = ({ upload }) => {
  if (!upload) return undefined;
  const storingAlone = median(upload.diskSink) / median(upload.discardSink);
  // As the figure itself is taken: the median of the per-run ratios.
  const vsDisk = median(upload.server.map((rate, index) => rate / (upload.diskSink[index] ?? Number.NaN)));
  return `In this run the sink that only writes the body to the same disk ran at ${formatNumber(storingAlone)}× the discarding sink, and the endpoint at ${formatNumber(vsDisk)}× that sink (\`upload_throughput_ratio_vs_disk_sink\`).`;
};

const seconds = (ms: readonly number[]) => `${formatNumber(median([...ms]) / 1000)} s`;

const segmentedVsWhole: Measured = ({ segmentedBurnIn: measured }) =>
  measured
    ? `In this run: ${measured.segments} segments, whole file ${seconds(measured.wholeMs)}, by segments ${seconds(measured.segmentedMs)}.`
    : undefined;

const revisionVsFirst: Measured = ({ segmentedBurnIn: measured }) =>
  measured
    ? `In this run the revision burned ${measured.reburnedSegments} of ${measured.segments} segments and joined them all in ${seconds(measured.revisionMs)}, against ${seconds(measured.segmentedMs)} for the first burn-in.`
    : undefined;

const uploadS3Throughput: Measured = ({ uploadS3: upload }) => {
  if (!upload) return undefined;
  const inSeconds = (values: number[]) => `${formatNumber(median(values))} s`;
  return `In this run: the disk sink ${formatNumber(median(upload.diskSink) / MB)} MB/s, the endpoint into the bucket ${formatNumber(median(upload.server) / MB)} MB/s; while one upload took ${inSeconds(upload.serverSeconds)}, the object store (in the bench's process) used ${inSeconds(upload.benchCpuSeconds)} of CPU and the server ${inSeconds(upload.serverCpuSeconds)}.`;
};

const uploadS3VsStore: Measured = ({ uploadS3: upload }) =>
  upload
    ? `In this run: straight into the store ${formatNumber(median(upload.directStore) / MB)} MB/s, through the endpoint ${formatNumber(median(upload.server) / MB)} MB/s.`
    : undefined;

const uploadS3Peak: Measured = ({ uploadS3: upload }) =>
  upload
    ? `In this run the process held ${(upload.idleRss / MB).toFixed(0)} MB before any upload; its peak was ${((upload.peakRss - upload.idleRss) / MB).toFixed(0)} MB above that.`
    : undefined;

const uploadResume: Measured = ({ uploadResume: resume }) =>
  resume
    ? `In this run ${formatNumber((resume.beforeCut - resume.resumedAt) / MB)} MB had left the client but not reached the server's file when the connection was cut.`
    : undefined;

export const MEASURED_BESIDE: Partial<Record<FigureKey, Measured>> = {
  burnin_segmented_vs_whole_ratio: segmentedVsWhole,
  revision_vs_first_burn_ratio: revisionVsFirst,
  upload_s3_throughput_ratio_vs_disk_sink: uploadS3Throughput,
  upload_s3_peak_rss_mb: uploadS3Peak,
  upload_s3_throughput_ratio_vs_direct_store: uploadS3VsStore,
  burnin_speedup_vs_naive: burnInSpeedup,
  burnin_ssim_vs_naive: burnInSsim,
  burnin_ssim_vs_naive_boxed: burnInSsimBoxed,
  upload_peak_rss_mb: uploadPeak,
  upload_throughput_ratio: uploadThroughput,
  upload_resume_overhead: uploadResume,
};

/**
 * What the run measured beside a missed target, or undefined when the target was met, has none, or
 * the run holds nothing more about it.
 */
export function whenMissed(figure: FigureResult, details: Details): string | undefined {
  if (figure.met !== false) return undefined;
  return MEASURED_BESIDE[figure.key]?.(details, figure);
}
