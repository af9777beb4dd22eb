import type { FigureKey } from '../figures';
import type { FigureResult } from '../results';

/**
 * What earlier trials found stands in the way of some targets: prose, not figures of the run the
 * document reports. The document prints it dated, under its own heading, beside the missed figures only.
 */
export const KNOWN_CAUSES_WRITTEN = '2026-11-27';

export const KNOWN_CAUSES: Partial<Record<FigureKey, string>> = {
  burnin_speedup_vs_naive:
    'The encoder (x264) is near its floor: decoding and libass take part of our command’s CPU time, and faster motion search, lookahead, weighted prediction, thread counts and nearby CRF values each changed the time little at equal size. The flat test pattern is where the naive `medium` preset costs least, so the ratio is lowest there.',
  burnin_ssim_vs_naive:
    'The subtitles themselves differ: ours follow SUBTITLE-STYLE.md (Noto Sans, an outline and a shadow, the guide’s margins), the naive command draws libass defaults in the system font; the burn-in table separates the encoder from the styling, and `burnin_ssim_vs_naive_outside_subtitles` gives the frame above the subtitles.',
  burnin_ssim_vs_naive_boxed:
    'The boxed preset draws a translucent dark box behind every line, which the naive command does not: the frames differ wherever a subtitle is shown, more than with the default style.',
  upload_peak_rss_mb:
    "Node itself and the server's libraries make most of the baseline held before any upload (scripts/start.mjs already keeps V8's young generation at its first size through start-up and WebAssembly on its baseline compiler); during an upload the network buffers already written wait for the next young-generation collection, and the inline worker processes each upload in the same process.",
  upload_throughput_ratio:
    'The endpoint must store what it receives; the discarding sink stores nothing (`upload_throughput_ratio_vs_disk_sink` compares it with a sink that stores, side by side in the summary).',
  burnin_segmented_vs_whole_ratio:
    'Each segment is an ffmpeg of its own: it starts, seeks into the source and decodes from the keyframe before its first frame (and the pre-roll of a cue running across its seam), and its encoder starts without the look-ahead the whole-file encoder carries over; the join then reads and writes the whole video once more (a copy, no encoding).',
  revision_vs_first_burn_ratio:
    'A revision burns the segments whose cues changed and joins every segment: on a short clip one segment is a large share of the video (a cue across a seam changes two), and the join copies the whole video whatever changed.',
  upload_s3_throughput_ratio_vs_disk_sink:
    'The endpoint answers once the file is in the bucket: the bench’s object store (s3rver), a Node process on the same cores and disk, receives every byte a second time over HTTP, hashes and writes each part, then reads, hashes and writes the whole object again to complete it, while the disk sink writes once. No faster S3-compatible server could be installed on the bench machine (only the npm registry and Debian packages are reachable).',
  upload_s3_throughput_ratio_vs_direct_store:
    'Through the endpoint the file crosses the machine twice more before it reaches the store: received over HTTP and written to a temporary file, then read back to be sent; on two cores these copies and the store share the same CPUs and disk.',
  upload_s3_peak_rss_mb:
    "Besides what the disk upload holds, the object store's client and its HTTP agent are loaded, and the parts being sent to the bucket stream from the received file through their read buffers and sockets.",
  upload_resume_overhead:
    'What the client had sent past the last byte the server stored when the connection dropped (socket buffers, the request in flight) is sent again after the resume: the more in flight, the higher the ratio.',
};

/** The dated section of earlier findings for the figures this run missed, or '' when none applies. */
export function knownCausesMarkdown(figures: readonly FigureResult[]): string {
  const missed = figures.filter((figure) => figure.met === false && KNOWN_CAUSES[figure.key]);
  if (missed.length === 0) return '';
  return [
    `## What earlier trials found (written ${KNOWN_CAUSES_WRITTEN}, not measured by this run)`,
    '',
    'Beside each target this run missed, what trials before it found in the way. These sentences are kept by hand in `bench/report/known-causes.ts`; the numbers beside the figures above are the only ones this run measured.',
    '',
    ...missed.map((figure) => `- \`${figure.key}\`: ${KNOWN_CAUSES[figure.key]}`),
    '',
  ].join('\n');
}
