import type { FigureKey } from '../figures';
import { FOOTAGE_LABELS } from '../inputs/clips';
import type { FigureResult } from '../results';
import { median } from '../stats';
import type { Details } from './report-data';
import { formatNumber } from './tables';

/**
 * What stands in the way when a run misses a target, printed beside the missed figure. Every
 * number in these texts comes from the run (its details, or the figure and its target); what
 * earlier trials found is said in words only, since this run did not measure it.
 */
type Explanation = (details: Details, figure: FigureResult) => string;

const MB = 1e6;
const targetValue = (figure: FigureResult) =>
  figure.target ? formatNumber(figure.target.value) : 'the target';

const burnInSpeedup: Explanation = (details) => {
  const perFootage = (details.burnIn ?? []).map(
    (c) => `${FOOTAGE_LABELS[c.footage]} ${formatNumber(median(c.speedups))}×`,
  );
  return (
    'The encoder (x264) is near its floor here: decoding and libass take part of our command’s CPU time, and in earlier trials faster motion search, lookahead, weighted prediction, thread counts and nearby CRF values each changed the time little at equal size. ' +
    'The flat test pattern is where the naive `medium` preset costs least, so the ratio is lowest there' +
    (perFootage.length > 0 ? `; in this run: ${perFootage.join(', ')}.` : '.')
  );
};

/** Where the SSIM is lost, on the worst footage of the given comparisons: encoder or styling. */
function ssimSplit(comparisons: Details['burnIn'], figure: FigureResult): string {
  const worst = [...(comparisons ?? [])].sort((a, b) => a.ssimVsNaive - b.ssimVsNaive)[0];
  return worst
    ? ` In this run, on the ${FOOTAGE_LABELS[worst.footage]}: the encoder alone ${worst.ssimVsDefaultEncoderSameSubs.toFixed(4)}, the frame above the subtitles ${worst.ssimVsNaiveOutsideSubtitles.toFixed(4)}, the styling alone ${worst.ssimStylingAlone.toFixed(4)} (target ${targetValue(figure)}).`
    : '';
}

const burnInSsim: Explanation = (details, figure) =>
  'The subtitles themselves differ: ours follow SUBTITLE-STYLE.md (Noto Sans, an outline and a shadow, the guide’s margins), the naive command draws libass defaults in the system font. ' +
  `The burn-in table separates the encoder from the styling.${ssimSplit(details.burnIn, figure)}`;

const burnInSsimBoxed: Explanation = (details, figure) =>
  'The boxed preset draws a translucent dark box behind every line, which the naive command does not: the frames differ wherever a subtitle is shown, more than with the default style. ' +
  `The burn-in table's boxed rows separate the encoder from the styling.${ssimSplit(details.burnInBoxed, figure)}`;

const uploadPeak: Explanation = (details) => {
  const upload = details.upload;
  const held = upload
    ? `Before any upload the same process held ${(upload.idleRss / MB).toFixed(0)} MB (the baseline), and its peak was ${((upload.peakRss - upload.idleRss) / MB).toFixed(0)} MB above that: `
    : 'Part of the peak is held before any upload: ';
  return (
    `${held}Node itself and the server's libraries make most of the baseline (scripts/start.mjs already keeps V8's young generation at its first size through start-up and WebAssembly on its baseline compiler); ` +
    'during an upload the network buffers already written wait for the next young-generation collection (one runs every few megabytes streamed), and the inline worker processes each upload in the same process.'
  );
};

const uploadThroughput: Explanation = (details) => {
  const upload = details.upload;
  if (!upload)
    return 'The endpoint must store what it receives; the discarding sink stores nothing (`upload_throughput_ratio_vs_disk_sink` compares it with a sink that stores).';
  const storingAlone = median(upload.diskSink) / median(upload.discardSink);
  // As the figure itself is taken: the median of the per-run ratios.
  const vsDisk = median(upload.server.map((rate, index) => rate / (upload.diskSink[index] ?? Number.NaN)));
  return (
    `The endpoint must store the ${(upload.bytes / 1e9).toFixed(1)} GB it receives; the discarding sink stores nothing. ` +
    `The sink that only writes the body to the same disk ran at ${formatNumber(storingAlone)}× the discarding sink in this run, and the endpoint at ${formatNumber(vsDisk)}× that sink (\`upload_throughput_ratio_vs_disk_sink\`).`
  );
};

const seconds = (ms: readonly number[]) => `${formatNumber(median([...ms]) / 1000)} s`;

const segmentedVsWhole: Explanation = (details) => {
  const measured = details.segmentedBurnIn;
  const run = measured
    ? ` In this run: ${measured.segments} segments, whole file ${seconds(measured.wholeMs)}, by segments ${seconds(measured.segmentedMs)}.`
    : '';
  return (
    'Each segment is an ffmpeg of its own: it starts, seeks into the source and decodes from the keyframe before its first frame (and the pre-roll of a cue running across its seam), and its encoder starts without the look-ahead the whole-file encoder carries over; the join then reads and writes the whole video once more (a copy, no encoding).' +
    run
  );
};

const revisionVsFirst: Explanation = (details) => {
  const measured = details.segmentedBurnIn;
  const run = measured
    ? ` In this run the revision burned ${measured.reburnedSegments} of ${measured.segments} segments and joined them all in ${seconds(measured.revisionMs)}, against ${seconds(measured.segmentedMs)} for the first burn-in.`
    : '';
  return (
    'A revision burns the segments whose cues changed and joins every segment: on a short clip one segment is a large share of the video (a cue across a seam changes two), and the join copies the whole video whatever changed.' +
    run
  );
};

const uploadS3Throughput: Explanation = (details) => {
  const upload = details.uploadS3;
  const seconds = (values: number[]) => `${formatNumber(median(values))} s`;
  const run = upload
    ? ` In this run: the disk sink ${formatNumber(median(upload.diskSink) / MB)} MB/s, the endpoint into the bucket ${formatNumber(median(upload.server) / MB)} MB/s; while one upload took ${seconds(upload.serverSeconds)}, the object store (in the bench's process) used ${seconds(upload.benchCpuSeconds)} of CPU and the server ${seconds(upload.serverCpuSeconds)}.`
    : '';
  return (
    'The endpoint answers once the file is in the bucket: the bench’s object store, a Node process on the same cores and disk, receives every byte a second time over HTTP, hashes and writes each part, and then reads, hashes and writes the whole object again to complete it, while the disk sink writes once. No faster S3-compatible server can be installed on this machine (only the npm registry and Debian packages are reachable).' +
    run
  );
};

const uploadS3VsStore: Explanation = (details) => {
  const upload = details.uploadS3;
  const run = upload
    ? ` In this run: straight into the store ${formatNumber(median(upload.directStore) / MB)} MB/s, through the endpoint ${formatNumber(median(upload.server) / MB)} MB/s.`
    : '';
  return (
    'Through the endpoint the file crosses the machine twice more before it reaches the store: received over HTTP and written to a temporary file, then read back to be sent; on two cores these copies and the store share the same CPUs and disk.' +
    run
  );
};

const uploadS3Peak: Explanation = (details) => {
  const upload = details.uploadS3;
  const held = upload
    ? `Before any upload the process held ${(upload.idleRss / MB).toFixed(0)} MB; its peak was ${((upload.peakRss - upload.idleRss) / MB).toFixed(0)} MB above that. `
    : '';
  return `${held}Besides what the disk upload holds, the object store's client and its HTTP agent are loaded, and the parts being sent to the bucket stream from the received file through their read buffers and sockets.`;
};

const uploadResume: Explanation = (details) => {
  const resume = details.uploadResume;
  const lost = resume
    ? ` In this run ${formatNumber((resume.beforeCut - resume.resumedAt) / MB)} MB had left the client but not reached the server's file when the connection was cut.`
    : '';
  return (
    'What the client had sent past the last byte the server stored when the connection dropped (socket buffers, the request in flight) is sent again after the resume: the more in flight, the higher the ratio.' +
    lost
  );
};

export const EXPLANATIONS: Partial<Record<FigureKey, Explanation>> = {
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

/** The explanation beside a missed target, or undefined when the target was met or has none. */
export function whenMissed(figure: FigureResult, details: Details): string | undefined {
  if (figure.met !== false) return undefined;
  return EXPLANATIONS[figure.key]?.(details, figure);
}
