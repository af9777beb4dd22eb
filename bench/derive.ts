import { STATUS_POLL_MS } from '../shared/limits';
import type { FigureKey } from './figures';
import { FOOTAGE_LABELS, type Footage } from './inputs/clips';
import type { AddLanguageMeasurements } from './measure/add-language';
import type { BurnInComparison } from './measure/burn-in';
import type { EditorMeasurements } from './measure/editor';
import type { LoadResult } from './measure/load';
import type { PipelineMode, PipelineRun } from './measure/pipeline-run';
import type { PipelineMeasurements } from './measure/pipelines';
import type { SegmentedBurnMeasurements } from './measure/segmented-burn-in';
import { ratioOfMedians, type SharedCoresMeasurements } from './measure/shared-cores';
import type { SoftSubtitleMeasurements } from './measure/soft-subtitles';
import type { StatusPushMeasurements } from './measure/status-push';
import type { UploadMeasurements } from './measure/upload';
import type { UploadResumeMeasurements } from './measure/upload-resume';
import type { ListScenario } from './measure/videos-list';
import { clipLabel } from './report/tables';
import type { Outcome } from './results';
import { linearFit, median, percentile, percentileSummary, round, type Summary, summarize } from './stats';

export type Outcomes = Partial<Record<FigureKey, Outcome>>;

const SPEC_LIMIT = 'PRODUCT.md §9 limit 5 (processing within 5× the video length)';
const MB = 1e6;
const formatRatio = (ratio: number) => `${ratio.toFixed(2)}×`;

export interface PipelineRow {
  mode: PipelineMode;
  footage: Footage;
  clipSeconds: number;
  rtf: Summary;
  totalSeconds: Summary;
  stagesSeconds: Record<string, Summary>;
  /** Runs in which a progress column went backwards (a step restarted or ran twice at once). */
  runsWithBackwardProgress: number;
}

export function pipelineRows(runs: readonly PipelineRun[]): PipelineRow[] {
  const keyOf = (run: PipelineRun) => `${run.mode}:${run.footage}:${run.clipSeconds}`;
  const keys = [...new Set(runs.map(keyOf))];
  return keys.map((key) => {
    const group = runs.filter((run) => keyOf(run) === key);
    const first = group[0];
    if (!first) throw new Error('empty pipeline group');
    const stagesSeconds: Record<string, Summary> = {};
    for (const stage of Object.keys(first.stages))
      stagesSeconds[stage] = summarize(group.map((run) => (run.stages[stage] ?? Number.NaN) / 1000));
    return {
      mode: first.mode,
      footage: first.footage,
      clipSeconds: first.clipSeconds,
      rtf: summarize(group.map((run) => run.rtf)),
      totalSeconds: summarize(group.map((run) => run.totalMs / 1000)),
      stagesSeconds,
      runsWithBackwardProgress: group.filter((run) => run.backwardSteps > 0).length,
    };
  });
}

/** Seconds = intercept + slope × clip seconds per mode and footage, when more than one length was run. */
export function pipelineGrowth(rows: readonly PipelineRow[]) {
  return (['hardcode', 'generate'] as const).flatMap((mode) =>
    (['test-pattern', 'detailed'] as const).flatMap((footage) => {
      const points = rows
        .filter((row) => row.mode === mode && row.footage === footage)
        .map((row) => ({ x: row.clipSeconds, y: row.totalSeconds.median }));
      if (new Set(points.map((point) => point.x)).size < 2) return [];
      const fit = linearFit(points);
      return [
        {
          mode,
          footage,
          slope: round(fit.slope, 4),
          interceptSeconds: round(fit.intercept, 2),
          r2: round(fit.r2, 4),
        },
      ];
    }),
  );
}

/** The rows of a mode at its longest clip length, one per footage, worst (highest RTF) first. */
export function longestRows(rows: readonly PipelineRow[], mode: PipelineMode): PipelineRow[] {
  const ofMode = rows.filter((row) => row.mode === mode);
  const longest = Math.max(...ofMode.map((row) => row.clipSeconds));
  return ofMode.filter((row) => row.clipSeconds === longest).sort((a, b) => b.rtf.median - a.rtf.median);
}

/** Each footage's RTF (median, range, runs) for the note, the worse first. */
function footageRtfs(rows: readonly PipelineRow[]): string {
  return rows
    .map(
      (row) =>
        `${FOOTAGE_LABELS[row.footage]} ${row.rtf.median.toFixed(3)} (${row.rtf.min.toFixed(3)}–${row.rtf.max.toFixed(3)}, ${row.rtf.runs} runs)`,
    )
    .join('; ');
}

/** Headline figures are the worse of the footages at the longest length, so "met" means met on both. */
export function pipelineOutcomes(measured: PipelineMeasurements): Outcomes {
  const rows = pipelineRows(measured.runs);
  const outcomes: Outcomes = {};
  const hardcode = longestRows(rows, 'hardcode');
  const worstHardcode = hardcode[0];
  if (worstHardcode)
    outcomes.pipeline_rtf_hardcode = {
      summary: worstHardcode.rtf,
      baseline: SPEC_LIMIT,
      note: `worse of the footages on the ${clipLabel(worstHardcode.clipSeconds)} 720p30 clip: ${footageRtfs(hardcode)}`,
    };
  const generate = longestRows(rows, 'generate');
  const worstGenerate = generate[0];
  if (worstGenerate)
    outcomes.pipeline_rtf_generate_excl_asr = {
      summary: worstGenerate.rtf,
      baseline: SPEC_LIMIT,
      note: `worse of the footages on the ${clipLabel(worstGenerate.clipSeconds)} 720p30 clip: ${footageRtfs(generate)}; Deepgram engine on a local fake answering at once (transcribe stage ${worstGenerate.stagesSeconds.transcribe?.median.toFixed(2)} s on the worse)`,
    };
  return outcomes;
}

function worst(
  comparisons: readonly BurnInComparison[],
  value: (c: BurnInComparison) => number,
  higherIsWorse: boolean,
) {
  const ordered = [...comparisons].sort((a, b) =>
    higherIsWorse ? value(b) - value(a) : value(a) - value(b),
  );
  const found = ordered[0];
  if (!found) throw new Error('no burn-in comparison');
  return found;
}

/** Headline figures are the worse of the footages, so "met" means met on both. */
export function burnInOutcomes(comparisons: readonly BurnInComparison[]): Outcomes {
  const speed = worst(comparisons, (c) => summarize(c.speedups).median, false);
  const ssim = worst(comparisons, (c) => c.ssimVsNaive, false);
  const outside = worst(comparisons, (c) => c.ssimVsNaiveOutsideSubtitles, false);
  const size = worst(comparisons, (c) => summarize(c.sizeRatios).median, true);
  const naiveFps = (c: BurnInComparison) => (c.seconds * 30) / (summarize(c.naiveMs).median / 1000);
  const oursFps = (c: BurnInComparison) => (c.seconds * 30) / (summarize(c.oursMs).median / 1000);
  return {
    burnin_speedup_vs_naive: {
      summary: summarize(speed.speedups),
      baseline: `naive command ${naiveFps(speed).toFixed(0)} fps, ours ${oursFps(speed).toFixed(0)} fps`,
      note: `worse of the two footages: ${speed.footage}, ${speed.seconds} s 720p30`,
    },
    burnin_ssim_vs_naive: {
      summary: summarize([ssim.ssimVsNaive]),
      baseline: 'naive output as the reference',
      note: `worse footage: ${ssim.footage}; the encoder alone (ours vs x264 defaults, same subtitles) gives ${ssim.ssimVsDefaultEncoderSameSubs.toFixed(4)}, the subtitle styling alone (naive vs x264 defaults with our subtitles) ${ssim.ssimStylingAlone.toFixed(4)}`,
    },
    burnin_ssim_vs_naive_outside_subtitles: {
      summary: summarize([outside.ssimVsNaiveOutsideSubtitles]),
      baseline: 'naive output as the reference, top two thirds of the frame',
      note: `worse footage: ${outside.footage}; both subtitle renderings lie below this part, so only the encoders differ`,
    },
    burnin_size_ratio_vs_naive: {
      summary: summarize(size.sizeRatios),
      baseline: `naive output ${(size.naiveBytes / MB).toFixed(1)} MB`,
      note: `worse footage: ${size.footage}`,
    },
  };
}

/** The same headline figures for burn-ins in the boxed preset (text on a dark box), under their own keys. */
export function boxedBurnInOutcomes(comparisons: readonly BurnInComparison[]): Outcomes {
  const all = burnInOutcomes(comparisons);
  const boxed = (outcome: Outcome | undefined): Outcome | undefined => {
    if (!outcome || !('summary' in outcome)) return outcome;
    return { ...outcome, note: outcome.note ? `boxed preset; ${outcome.note}` : 'boxed preset' };
  };
  return {
    burnin_speedup_vs_naive_boxed: boxed(all.burnin_speedup_vs_naive),
    burnin_ssim_vs_naive_boxed: boxed(all.burnin_ssim_vs_naive),
    burnin_size_ratio_vs_naive_boxed: boxed(all.burnin_size_ratio_vs_naive),
  };
}

/**
 * Two burn-ins at once with the cores shared, against the same two one after the other; the rule
 * before cpuShare (every core each, normal priority) is in the note, to show what sharing changed.
 */
export function sharedCoresOutcomes(measured: SharedCoresMeasurements): Outcomes {
  const { oneAfterOther, twoAtOnceShared, twoAtOnceEveryCore } = measured;
  const seconds = (ms: number[]) => `${(median(ms) / 1000).toFixed(1)} s`;
  const everyCore = ratioOfMedians(twoAtOnceEveryCore.ms, oneAfterOther.ms);
  const threads = (times: { cpu: { threadsPerJob: number; niceness: number } }) =>
    `${times.cpu.threadsPerJob} thread${times.cpu.threadsPerJob === 1 ? '' : 's'} each at nice ${times.cpu.niceness}`;
  return {
    burnin_two_at_once_vs_one_after_other: {
      summary: ratioOfMedians(twoAtOnceShared.ms, oneAfterOther.ms),
      baseline: `${measured.jobs} burn-ins one after the other (${threads(oneAfterOther)}): ${seconds(oneAfterOther.ms)}`,
      note: `${measured.jobs} burn-ins of the ${measured.seconds} s 720p30 ${measured.footage} clip on ${measured.cores} cores, ${oneAfterOther.ms.length} interleaved repeats; at once with the cores shared (${threads(twoAtOnceShared)}) ${seconds(twoAtOnceShared.ms)}; at once each taking every core (${threads(twoAtOnceEveryCore)}, the rule before cpuShare) ${seconds(twoAtOnceEveryCore.ms)}, ${formatRatio(everyCore.median)} one after the other (${formatRatio(everyCore.min)}–${formatRatio(everyCore.max)})`,
    },
  };
}

export function uploadOutcomes(upload: UploadMeasurements): Outcomes {
  const ratios = (baseline: number[]) =>
    upload.server.map((value, index) => value / (baseline[index] ?? Number.NaN));
  const rate = (values: number[]) => `${(summarize(values).median / MB).toFixed(0)} MB/s`;
  const note = `${(upload.bytes / 1e9).toFixed(1)} GB multipart by curl, ${upload.server.length} runs; server ${rate(upload.server)}`;
  const storingAlone = summarize(upload.diskSink).median / summarize(upload.discardSink).median;
  return {
    upload_throughput_ratio: {
      summary: summarize(ratios(upload.discardSink)),
      baseline: `curl → discarding sink ${rate(upload.discardSink)}`,
      note: `${note}; the sink that only stores it: ${storingAlone.toFixed(2)}× the discarding sink`,
    },
    upload_throughput_ratio_vs_disk_sink: {
      summary: summarize(ratios(upload.diskSink)),
      baseline: `curl → sink writing to the same disk ${rate(upload.diskSink)}`,
      note,
    },
    upload_peak_rss_mb: {
      summary: summarize([upload.peakRss / MB]),
      baseline: `same process idle before the uploads: ${(upload.idleRss / MB).toFixed(0)} MB`,
      note: `VmHWM of the server process over ${upload.server.length} uploads, started again from the settled memory just before the first (before it, start-up and the bench's sign-up peaked at ${(upload.startupPeakRss / MB).toFixed(0)} MB); sampled VmRSS peak ${(upload.sampledPeakRss / MB).toFixed(0)} MB`,
    },
  };
}

/** The same 1.5 GB upload into S3 storage, against the disk sink of its own rounds. */
export function uploadS3Outcomes(upload: UploadMeasurements): Outcomes {
  const rate = (values: number[]) => `${(summarize(values).median / MB).toFixed(0)} MB/s`;
  return {
    upload_s3_throughput_ratio_vs_disk_sink: {
      summary: summarize(upload.server.map((value, index) => value / (upload.diskSink[index] ?? Number.NaN))),
      baseline: `curl → sink writing to the same disk ${rate(upload.diskSink)}`,
      note: `${(upload.bytes / 1e9).toFixed(1)} GB multipart by curl into a server with STORAGE=s3 (s3rver on this machine, started by the bench), ${upload.server.length} runs; server ${rate(upload.server)}; the answer comes once the file is in the bucket`,
    },
    upload_s3_throughput_ratio_vs_direct_store: {
      summary: summarize(
        upload.server.map((value, index) => value / (upload.directStore[index] ?? Number.NaN)),
      ),
      baseline: `the file sent from disk straight into the same store by the product's multipart upload (server/storage/s3-file-upload.ts), from a process of its own: ${rate(upload.directStore)}`,
      note: `${upload.server.length} runs; the endpoint also receives the file over HTTP and writes it to a temporary file before it sends it to the store`,
    },
    upload_s3_peak_rss_mb: {
      summary: summarize([upload.peakRss / MB]),
      baseline: `same process idle before the uploads: ${(upload.idleRss / MB).toFixed(0)} MB`,
      note: `VmHWM of the server process (STORAGE=s3) over ${upload.server.length} uploads, started again just before the first (start-up and sign-up peaked at ${(upload.startupPeakRss / MB).toFixed(0)} MB); sampled VmRSS peak ${(upload.sampledPeakRss / MB).toFixed(0)} MB`,
    },
  };
}

/** Burn-in by segments (one worker) against the whole file, and the one-cue revision after it. */
export function segmentedBurnOutcomes(measured: SegmentedBurnMeasurements): Outcomes {
  const seconds = (ms: number[]) => `${(median(ms) / 1000).toFixed(1)} s`;
  const clip = `${clipLabel(Math.round(measured.seconds))} 720p30 ${FOOTAGE_LABELS[measured.footage]}, ${measured.segments} segments`;
  const revision = `re-burned ${measured.reburnedSegments} of ${measured.segments} segments (the cue at ${(measured.changedCueStartMs / 1000).toFixed(1)} s changed) and joined them all`;
  const how =
    "the segment and join jobs' own functions (server/media/segment-files.ts) run one after the other, as one worker runs them; queue hand-offs (a few database round trips each) are not included";
  return {
    burnin_segmented_vs_whole_ratio: {
      summary: ratioOfMedians(measured.segmentedMs, measured.wholeMs),
      baseline: `whole-file burn-in (one ffmpeg, the whole machine): ${seconds(measured.wholeMs)}`,
      note: `${clip}; by segments ${seconds(measured.segmentedMs)}, ${measured.wholeMs.length} interleaved repeats; ${how}`,
    },
    revision_rtf_one_cue: {
      summary: summarize(measured.revisionMs.map((ms) => ms / 1000 / measured.seconds)),
      baseline: `first burn-in by segments: RTF ${(median(measured.segmentedMs) / 1000 / measured.seconds).toFixed(3)}`,
      note: `${clip}; ${revision}`,
    },
    revision_vs_first_burn_ratio: {
      summary: ratioOfMedians(measured.revisionMs, measured.segmentedMs),
      baseline: `first burn-in by segments: ${seconds(measured.segmentedMs)}`,
      note: `${clip}; ${revision}; ${how}`,
    },
  };
}

/** The video with its subtitles as a track: the time to make the MKV over the video's length. */
export function softSubtitleOutcomes(measured: SoftSubtitleMeasurements, footage: Footage): Outcomes {
  return {
    soft_subtitles_rtf: {
      summary: summarize(measured.mkvMs.map((ms) => ms / 1000 / measured.seconds)),
      note: `${clipLabel(Math.round(measured.seconds))} 720p30 ${FOOTAGE_LABELS[footage]}, one ASS track and its face attached; the ASS written and one ffmpeg run copying picture and sound (server/media/soft-subtitles.ts), ${measured.mkvMs.length} repeats; the MKV is ${measured.sizeRatio.toFixed(3)}× the source's size`,
    },
  };
}

/** A language added: the translation's own work over the video's length, the engine answering at once. */
export function addLanguageOutcomes(measured: AddLanguageMeasurements): Outcomes {
  return {
    add_language_rtf_excl_engine: {
      summary: summarize(measured.ms.map((ms) => ms / 1000 / measured.seconds)),
      note: `${clipLabel(Math.round(measured.seconds))} of English subtitles (${measured.cues} cues) into French on the plan "${measured.plan}": the SRT read, the engine's answers applied (an engine answering at once), reflowed, shaped to the plan, on the source's timing and written (server/domains/languages/translation.ts without its database writes), ${measured.ms.length} repeats`,
    },
  };
}

/** Bytes sent for the interrupted upload (before the cut and after it) over those of the uninterrupted one. */
export function resumeOverhead(resume: UploadResumeMeasurements): number {
  return (resume.beforeCut + resume.afterCut) / resume.uninterrupted;
}

export function uploadResumeOutcomes(resume: UploadResumeMeasurements): Outcomes {
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  return {
    upload_resume_overhead: {
      summary: summarize([resumeOverhead(resume)]),
      baseline: `the same ${mb(resume.bytes)} file uploaded over tus without a cut: ${mb(resume.uninterrupted)} sent`,
      note: `cut mid-PATCH after ${mb(resume.beforeCut)} sent; the server held ${mb(resume.resumedAt)} and the rest (${mb(resume.afterCut)}) followed`,
    },
  };
}

export function statusOutcomes(status: StatusPushMeasurements): Outcomes {
  const p = (values: number[], at: number) => percentile(values, at);
  const polling =
    status.pollMs.length > 0
      ? `${STATUS_POLL_MS / 1000} s polling (PRODUCT.md §9), measured: p50 ${p(status.pollMs, 50).toFixed(0)} ms, p95 ${p(status.pollMs, 95).toFixed(0)} ms`
      : `${STATUS_POLL_MS / 1000} s polling: no sample`;
  const note = `${status.pushMs.flat().length} changes in ${status.pushMs.length} rounds; ${status.lost} lost`;
  return {
    status_push_p95_ms: {
      summary: summarize(status.pushMs.map((round) => p(round, 95))),
      baseline: polling,
      note,
    },
    status_push_p50_ms: {
      summary: summarize(status.pushMs.map((round) => p(round, 50))),
      baseline: polling,
      note,
    },
  };
}

export function listOutcomes(scenarios: readonly ListScenario[], headlineConcurrency: number): Outcomes {
  const find = (label: string, concurrency: number) =>
    scenarios.find((scenario) => scenario.label === label && scenario.concurrency === concurrency);
  const perWindow = (scenario: ListScenario, at: number) =>
    summarize(scenario.windows.map((window) => percentile(window.latenciesMs, at)));
  const outcomes: Outcomes = {};
  const list = find('list', headlineConcurrency);
  const search = find('search', headlineConcurrency);
  const single = find('list', 1);
  const baseline = single ? `1 client: p95 ${perWindow(single, 95).median.toFixed(1)} ms` : undefined;
  const note = (scenario: ListScenario) => {
    const requests = scenario.windows.reduce((sum, window) => sum + window.latenciesMs.length, 0);
    const seconds = scenario.windows.reduce((sum, window) => sum + window.seconds, 0);
    return `${headlineConcurrency} concurrent clients, ${scenario.windows.length} windows, ${requests} requests, ${(requests / seconds).toFixed(0)} req/s`;
  };
  if (list) {
    outcomes.videos_list_p95_ms = { summary: perWindow(list, 95), baseline, note: note(list) };
    outcomes.videos_list_p50_ms = { summary: perWindow(list, 50), baseline, note: note(list) };
  }
  if (search) outcomes.videos_search_p95_ms = { summary: perWindow(search, 95), note: note(search) };
  return outcomes;
}

/** The admin dashboard's p95 per window; not measured when no request of any window succeeded. */
export function dashboardOutcomes(
  windows: readonly LoadResult[],
  seeded: { videos: number; jobRuns: number; days: number },
): Outcomes {
  const measured = windows.filter((window) => window.latenciesMs.length > 0);
  const errors = windows.reduce((sum, window) => sum + window.errors, 0);
  if (measured.length === 0)
    return { admin_dashboard_p95_ms: { reason: `not measured: no request answered 200 (${errors} errors)` } };
  const requests = measured.reduce((sum, window) => sum + window.latenciesMs.length, 0);
  return {
    admin_dashboard_p95_ms: {
      summary: summarize(measured.map((window) => percentile(window.latenciesMs, 95))),
      note: `one admin, ${measured.length} windows, ${requests} requests, ${errors} errors; ${seeded.days} days over ${seeded.videos.toLocaleString('en')} videos and ${seeded.jobRuns.toLocaleString('en')} job runs`,
    },
  };
}

/** The three editor figures (and the 30-minute size they are read against). */
export function editorOutcomes(measured: EditorMeasurements): Outcomes {
  const { video, keystrokes } = measured;
  const minutes = video.seconds / 60;
  const videoLabel = `${clipLabel(Math.round(video.seconds))} ${video.width}×${video.height} video (${(video.bytes / 1e6).toFixed(0)} MB), ${measured.cues} cues`;
  const slowest = keystrokes.slowEvents.reduce((max, event) => Math.max(max, event.duration), 0);
  const eventTiming =
    keystrokes.slowEvents.length === 0
      ? 'Event Timing saw no keyboard or input event of 16 ms or more'
      : `Event Timing saw ${keystrokes.slowEvents.length} keyboard/input events of 16 ms or more (longest ${slowest} ms)`;
  const work = keystrokes.workMs.flat();
  const frame = keystrokes.rafMs.flat();
  const commit =
    keystrokes.commitMs.length > 0
      ? `; keydown to React's commit alone p50 ${percentile(keystrokes.commitMs, 50).toFixed(1)} ms, p95 ${percentile(keystrokes.commitMs, 95).toFixed(1)} ms`
      : '';
  return {
    editor_open_ms: {
      summary: percentileSummary(measured.openMs, 95),
      baseline: `first (cold) open, peaks computed and stored: ${measured.coldOpenMs.toFixed(0)} ms`,
      note: `p95 of ${measured.openMs.length} opens after the cold one (median ${median(measured.openMs).toFixed(0)} ms), each a new tab of one Chromium session, navigation start to video metadata loaded, waveform drawn with its regions and all ${measured.cues} cue rows in the list; ${videoLabel}`,
    },
    editor_keystroke_with_frame_wait_ms: {
      summary: summarize(keystrokes.rafMs.map((round) => percentile(round, 95))),
      baseline: `the same keystrokes into the page without its scripts, the frame wait included: p95 ${percentile(keystrokes.frozenMs.flat(), 95).toFixed(1)} ms`,
      note: `p95 per round of ${keystrokes.rafMs[0]?.length ?? 0} keystrokes into cue 300 (${keystrokes.rafMs.length} rounds): keydown timestamp to a task posted after the next frame's paint, the idle wait for the display's vsync included (up to one frame interval); \`editor_keystroke_ms\` leaves that wait out`,
    },
    editor_keystroke_ms: {
      summary: summarize(keystrokes.workMs.map((round) => percentile(round, 95))),
      baseline: `the same keystrokes into a copy of the editor's page as drawn, without its scripts (the browser alone): p95 ${percentile(keystrokes.frozenWorkMs.flat(), 95).toFixed(1)} ms, p50 ${percentile(keystrokes.frozenWorkMs.flat(), 50).toFixed(1)} ms`,
      note: `p95 per round of ${keystrokes.workMs[0]?.length ?? 0} keystrokes into cue 300 (${keystrokes.workMs.length} rounds, ${keystrokes.total} keystrokes; all together p50 ${percentile(work, 50).toFixed(1)} ms, max ${percentile(work, 100).toFixed(1)} ms): keydown timestamp to the input's commit, plus the next frame from its start to a task posted after its paint, without the idle wait for the display's vsync between the two. With that wait: p50 ${percentile(frame, 50).toFixed(1)} ms, p95 ${percentile(frame, 95).toFixed(1)} ms, against p95 ${percentile(keystrokes.frozenMs.flat(), 95).toFixed(1)} ms for the page without its scripts${commit}; ${eventTiming}`,
    },
    editor_peaks_bytes_per_minute: {
      summary: summarize([measured.peaksBytes / minutes]),
      note: `stored peaks.json of the ${videoLabel} (${measured.peaksSamplesPerSecond} min/max pairs per second) over its ${minutes.toFixed(1)} minutes`,
    },
    editor_peaks_bytes_30min: {
      summary: summarize([(measured.peaksBytes / video.seconds) * 1800]),
      note: `stored peaks.json: ${measured.peaksBytes} bytes for ${video.seconds.toFixed(1)} s, scaled to 1,800 s`,
    },
  };
}
