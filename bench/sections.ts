import { rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { MediaBinaries } from '../server/media/binaries';
import { STATUS_POLL_MS } from '../shared/limits';
import { DEFAULT_SUBTITLE_STYLE, type SubtitleStyleId } from '../shared/subtitles/subtitle-style';
import { CHROMIUM_ARGS } from '../test/support/chromium';
import { attempt, type SectionResult } from './attempt';
import {
  addLanguageOutcomes,
  boxedBurnInOutcomes,
  burnInOutcomes,
  dashboardOutcomes,
  editorOutcomes,
  listOutcomes,
  type Outcomes,
  pipelineGrowth,
  pipelineOutcomes,
  pipelineRows,
  segmentedBurnOutcomes,
  sharedCoresOutcomes,
  softSubtitleOutcomes,
  statusOutcomes,
  uploadOutcomes,
  uploadResumeOutcomes,
  uploadS3Outcomes,
} from './derive';
import { adminToken, payingUser } from './env/accounts';
import { startAppProcess } from './env/app-process';
import { type BenchDatabase, dropQueuedJobs } from './env/database';
import { startBenchS3Server } from './env/s3-server';
import { makeUploadFile, removeQuietly, repeatClip, writeClipSrt } from './inputs/clips';
import type { Inputs } from './inputs/prepare';
import { measureAddLanguage } from './measure/add-language';
import { DASHBOARD_DAYS, loadAdminDashboard, seedDashboardHistory } from './measure/admin-dashboard';
import { findModelCandidates, measureAsr } from './measure/asr';
import { type BurnInComparison, compareBurnIn } from './measure/burn-in';
import {
  EDITOR_CUES,
  type EditorMeasurements,
  findChromium,
  makeEditorVideo,
  measureEditor,
  removeVideoFolder,
  storedPeaks,
  uploadEditorVideo,
} from './measure/editor';
import { judgeModels } from './measure/model-verdict';
import { measurePipelines } from './measure/pipelines';
import { measureSegmentedBurnIn } from './measure/segmented-burn-in';
import { measureSharedCores } from './measure/shared-cores';
import { measureSoftSubtitles } from './measure/soft-subtitles';
import { measureStatusPush } from './measure/status-push';
import { measureUpload } from './measure/upload';
import { measureUploadResume } from './measure/upload-resume';
import { explainVideoQueries, loadVideoList, seedVideos } from './measure/videos-list';
import type { BenchPlan } from './plan';
import type { ListScenarioSummary } from './report/report-data';
import { clipLabel } from './report/tables';
import { percentile, summarize } from './stats';

export interface Setting {
  plan: BenchPlan;
  media: MediaBinaries;
  database: BenchDatabase;
  inputs: Inputs;
  /** DATA_DIR of the app processes, and the folder for the bench's own working files. */
  appDataDir: string;
  workDir: string;
  repoRoot: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

export const UPLOAD_S3_KEYS = [
  'upload_s3_throughput_ratio_vs_disk_sink',
  'upload_s3_peak_rss_mb',
  'upload_s3_throughput_ratio_vs_direct_store',
] as const;
export const UPLOAD_KEYS = [
  'upload_peak_rss_mb',
  'upload_throughput_ratio',
  'upload_throughput_ratio_vs_disk_sink',
  ...UPLOAD_S3_KEYS,
] as const;
export const RESUMABLE_UPLOAD_KEYS = ['upload_resume_overhead'] as const;
export const PIPELINE_KEYS = ['pipeline_rtf_hardcode', 'pipeline_rtf_generate_excl_asr'] as const;
export const SPEECH_KEYS = ['asr_rtf', 'pipeline_rtf_generate'] as const;
export const SHARED_CORES_KEYS = ['burnin_two_at_once_vs_one_after_other'] as const;
export const SEGMENTED_KEYS = [
  'burnin_segmented_vs_whole_ratio',
  'revision_rtf_one_cue',
  'revision_vs_first_burn_ratio',
] as const;

export const BOXED_BURN_IN_KEYS = [
  'burnin_speedup_vs_naive_boxed',
  'burnin_ssim_vs_naive_boxed',
  'burnin_size_ratio_vs_naive_boxed',
] as const;
export const BURN_IN_KEYS = [
  'burnin_speedup_vs_naive',
  'burnin_ssim_vs_naive',
  'burnin_ssim_vs_naive_outside_subtitles',
  'burnin_size_ratio_vs_naive',
  ...BOXED_BURN_IN_KEYS,
  ...SHARED_CORES_KEYS,
  ...SEGMENTED_KEYS,
] as const;

/**
 * The same upload into a server storing in a bucket: s3rver on this machine, started here, with its
 * objects on the same disk as the sinks. Its own disk-sink rounds are the baseline.
 */
async function uploadS3Part(setting: Setting, file: string): Promise<SectionResult> {
  const s3 = await startBenchS3Server(path.join(setting.workDir, 's3rver'));
  try {
    const uploadS3 = await measureUpload({
      file,
      clipSeconds: setting.inputs.warmUp.seconds,
      bytes: setting.plan.upload.bytes,
      repeats: setting.plan.upload.repeats,
      dataDir: setting.appDataDir,
      database: setting.database,
      log: setting.log,
      appEnv: s3.env,
      clearStored: () => s3.clearVideos(),
      sendToStore: (file) => s3.sendFileSeconds(file),
      account: 'uploader-s3',
    });
    return { outcomes: uploadS3Outcomes(uploadS3), details: { uploadS3 } };
  } finally {
    await s3.close();
  }
}

export async function uploadSection(setting: Setting): Promise<SectionResult> {
  const file = path.join(setting.workDir, 'upload-1.5GB.mp4');
  await makeUploadFile(setting.inputs.warmUp.path, setting.plan.upload.bytes, file);
  try {
    const upload = await measureUpload({
      file,
      clipSeconds: setting.inputs.warmUp.seconds,
      bytes: setting.plan.upload.bytes,
      repeats: setting.plan.upload.repeats,
      dataDir: setting.appDataDir,
      database: setting.database,
      log: setting.log,
      // The run's first app: it may build the bundles first.
      startTimeoutMs: BUILD_AND_START_MS,
    });
    // Its own attempt: if only the bucket fails, the disk figures above still stand.
    const s3 = await attempt(
      'upload into S3',
      UPLOAD_S3_KEYS,
      () => uploadS3Part(setting, file),
      setting.log,
    );
    return { outcomes: { ...uploadOutcomes(upload), ...s3.outcomes }, details: { upload, ...s3.details } };
  } finally {
    await removeQuietly(file);
    await dropQueuedJobs(setting.database);
  }
}

/** An upload over tus cut at half and resumed, against one nothing cut, to an app as `npm start` runs it. */
export async function resumableUploadSection(setting: Setting): Promise<SectionResult> {
  const file = path.join(setting.workDir, 'upload-resumable.mp4');
  await makeUploadFile(setting.inputs.warmUp.path, setting.plan.resumableUpload.bytes, file);
  const app = await startAppProcess({
    databaseUrl: setting.database.url,
    dataDir: setting.appDataDir,
    // Hardcode uploads, queued but not burnt in: only the transfer is measured.
    worker: false,
    log: setting.log,
  });
  try {
    const user = await payingUser(app.url, 'resumer');
    const resume = await measureUploadResume(file, { baseUrl: app.url, token: user.token });
    return { outcomes: uploadResumeOutcomes(resume), details: { uploadResume: resume } };
  } finally {
    await app.stop();
    await removeQuietly(file);
    await dropQueuedJobs(setting.database);
    await rm(path.join(setting.appDataDir, 'files', 'videos'), { recursive: true, force: true });
  }
}

export async function pipelineSection(setting: Setting): Promise<SectionResult> {
  const measured = await measurePipelines(
    {
      database: setting.database,
      dataDir: setting.appDataDir,
      ffprobe: setting.media.ffprobe,
      log: setting.log,
    },
    {
      clips: setting.inputs.clips,
      repeats: setting.plan.pipelineRepeats,
      warmUp: setting.inputs.warmUp,
      modes: ['hardcode', 'generate'],
      engine: { kind: 'deepgram-fake' },
    },
  );
  const rows = pipelineRows(measured.runs);
  return {
    outcomes: pipelineOutcomes(measured),
    details: { pipelines: { rows, growth: pipelineGrowth(rows), probeMs: measured.probeMs } },
  };
}

/** Local Whisper, only with a trained model: otherwise both figures are null with the reason. */
export async function speechSection(setting: Setting): Promise<SectionResult> {
  const verdict = judgeModels(await findModelCandidates(setting.env, setting.repoRoot));
  if (verdict.kind === 'none') {
    return {
      outcomes: { asr_rtf: { reason: verdict.reason }, pipeline_rtf_generate: { reason: verdict.reason } },
      details: { asr: { model: null, reason: verdict.reason } },
    };
  }
  const longest = setting.inputs.clips
    .filter((clip) => clip.footage === 'test-pattern')
    .sort((a, b) => b.seconds - a.seconds)[0];
  if (!longest) throw new Error('no clip to transcribe');
  const runs = [];
  for (let repeat = 0; repeat < Math.min(2, setting.plan.pipelineRepeats); repeat++)
    runs.push(...(await measureAsr(setting.media.ffmpeg, verdict.file, [longest], setting.workDir)));
  const pipelines = await measurePipelines(
    {
      database: setting.database,
      dataDir: setting.appDataDir,
      ffprobe: setting.media.ffprobe,
      log: setting.log,
    },
    {
      clips: [longest],
      repeats: Math.min(2, setting.plan.pipelineRepeats),
      warmUp: setting.inputs.warmUp,
      modes: ['generate'],
      engine: { kind: 'whisper', modelFile: verdict.file },
    },
  );
  const note = `model ${verdict.name} (${verdict.file}), ${clipLabel(longest.seconds)} clip`;
  return {
    outcomes: {
      asr_rtf: { summary: summarize(runs.map((run) => run.rtf)), note },
      pipeline_rtf_generate: {
        summary: summarize(pipelines.runs.map((run) => run.rtf)),
        baseline: 'PRODUCT.md §9 limit 5',
        note,
      },
    },
    details: { asr: { model: verdict.name, runs } },
  };
}

/**
 * Two burn-ins at once against one after the other, on the detailed footage the burn-in section
 * already made (the encoder's share of the work is largest there, as in real uploads).
 */
async function sharedCoresPart(setting: Setting): Promise<SectionResult> {
  const input =
    setting.inputs.burnIn.find((candidate) => candidate.footage === 'detailed') ?? setting.inputs.burnIn[0];
  if (!input) throw new Error('no burn-in clip');
  const measured = await measureSharedCores(setting.media, setting.workDir, input, {
    repeats: setting.plan.burnIn.repeats,
  });
  const ratio = (ms: number[]) =>
    ms
      .map((value, index) => (value / (measured.oneAfterOther.ms[index] ?? Number.NaN)).toFixed(2))
      .join(', ');
  setting.log(
    `  two burn-ins at once vs one after the other: shared ${ratio(measured.twoAtOnceShared.ms)}; every core each ${ratio(measured.twoAtOnceEveryCore.ms)}`,
  );
  return { outcomes: sharedCoresOutcomes(measured), details: { burnInSharedCores: measured } };
}

/**
 * Burn-in by segments with one worker against the whole file, then a revision of one cue, on the
 * detailed footage repeated without re-encoding to the plan's length (10 minutes in the full run).
 */
async function segmentedPart(setting: Setting): Promise<SectionResult> {
  const input =
    setting.inputs.burnIn.find((candidate) => candidate.footage === 'detailed') ?? setting.inputs.burnIn[0];
  if (!input) throw new Error('no burn-in clip');
  const { seconds, repeats } = setting.plan.segmented;
  const clip = path.join(setting.workDir, `segmented-${input.footage}-${seconds}s.mp4`);
  const srt = clip.replace(/\.mp4$/, '.srt');
  try {
    await repeatClip(setting.media.ffmpeg, input.clip, Math.round(seconds / input.seconds), clip);
    await writeClipSrt(srt, seconds);
    const segmentedBurnIn = await measureSegmentedBurnIn(
      setting.media,
      setting.workDir,
      { footage: input.footage, clip, srt, seconds },
      { repeats },
    );
    setting.log(
      `  by segments vs whole: ${segmentedBurnIn.segmentedMs.map((ms, index) => (ms / (segmentedBurnIn.wholeMs[index] ?? Number.NaN)).toFixed(2)).join(', ')}; revision vs first: ${segmentedBurnIn.revisionMs.map((ms, index) => (ms / (segmentedBurnIn.segmentedMs[index] ?? Number.NaN)).toFixed(2)).join(', ')}`,
    );
    return { outcomes: segmentedBurnOutcomes(segmentedBurnIn), details: { segmentedBurnIn } };
  } finally {
    await removeQuietly(clip);
    await removeQuietly(srt);
  }
}

/** Ours against the naive command on every burn-in clip, in one product style. */
async function compareOnEveryClip(
  setting: Setting,
  style: SubtitleStyleId,
  variants: boolean,
): Promise<BurnInComparison[]> {
  const comparisons: BurnInComparison[] = [];
  for (const input of setting.inputs.burnIn) {
    comparisons.push(
      await compareBurnIn(setting.media, setting.workDir, input, {
        repeats: setting.plan.burnIn.repeats,
        variants,
        style,
      }),
    );
    setting.log(
      `  burn-in ${input.footage} (${style}): speed-ups ${comparisons
        .at(-1)
        ?.speedups.map((s) => s.toFixed(2))
        .join(', ')}`,
    );
  }
  return comparisons;
}

/** Issue 22: the same comparison with the boxed preset, whose box is more for the encoder to draw. */
async function boxedPart(setting: Setting): Promise<SectionResult> {
  const comparisons = await compareOnEveryClip(setting, 'boxed', false);
  return { outcomes: boxedBurnInOutcomes(comparisons), details: { burnInBoxed: comparisons } };
}

export async function burnInSection(setting: Setting): Promise<SectionResult> {
  const comparisons = await compareOnEveryClip(setting, DEFAULT_SUBTITLE_STYLE, setting.plan.burnIn.variants);
  // Its own attempt, as the shared-cores part: a failure there leaves the default style's figures standing.
  const boxed = await attempt(
    'burn-in, boxed preset',
    BOXED_BURN_IN_KEYS,
    () => boxedPart(setting),
    setting.log,
  );
  // Its own attempt: if only this fails, the comparison's figures above still stand.
  const shared = await attempt(
    'two burn-ins at once',
    SHARED_CORES_KEYS,
    () => sharedCoresPart(setting),
    setting.log,
  );
  const segmented = await attempt(
    'burn-in by segments',
    SEGMENTED_KEYS,
    () => segmentedPart(setting),
    setting.log,
  );
  return {
    outcomes: {
      ...burnInOutcomes(comparisons),
      ...boxed.outcomes,
      ...shared.outcomes,
      ...segmented.outcomes,
    },
    details: { burnIn: comparisons, ...boxed.details, ...shared.details, ...segmented.details },
  };
}

export const SOFT_SUBTITLE_KEYS = ['soft_subtitles_rtf'] as const;

/**
 * The video with its subtitles as a track (issue 40), on the detailed footage repeated without
 * re-encoding to the plan's length (10 minutes): a stream copy, so the file's size, not the
 * picture, sets the time.
 */
export async function softSubtitlesSection(setting: Setting): Promise<SectionResult> {
  const input =
    setting.inputs.burnIn.find((candidate) => candidate.footage === 'detailed') ?? setting.inputs.burnIn[0];
  if (!input) throw new Error('no burn-in clip');
  const { seconds, repeats } = setting.plan.softSubtitles;
  const clip = path.join(setting.workDir, `soft-subtitles-${input.footage}-${seconds}s.mp4`);
  const srt = clip.replace(/\.mp4$/, '.srt');
  try {
    await repeatClip(setting.media.ffmpeg, input.clip, Math.round(seconds / input.seconds), clip);
    await writeClipSrt(srt, seconds);
    const measured = await measureSoftSubtitles(
      setting.media,
      setting.workDir,
      { clip, srt, seconds },
      { repeats },
    );
    setting.log(`  soft subtitles MKV: ${measured.mkvMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`);
    return { outcomes: softSubtitleOutcomes(measured, input.footage), details: {} };
  } finally {
    await removeQuietly(clip);
    await removeQuietly(srt);
  }
}

export const ADD_LANGUAGE_KEYS = ['add_language_rtf_excl_engine'] as const;

/**
 * A language added to a video (issue 40), everything but the engine's answers, on the subtitles of
 * a video of the plan's length (10 minutes) and the strictest reading-speed plan (the most shaping).
 */
export async function addLanguageSection(setting: Setting): Promise<SectionResult> {
  const { seconds, repeats } = setting.plan.addLanguage;
  const srt = path.join(setting.workDir, `add-language-${seconds}s.srt`);
  try {
    await writeClipSrt(srt, seconds);
    const measured = await measureAddLanguage({ srt, seconds }, { repeats, plan: '15' });
    setting.log(`  add a language: ${measured.ms.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    return { outcomes: addLanguageOutcomes(measured), details: {} };
  } finally {
    await removeQuietly(srt);
  }
}

export const STATUS_KEYS = ['status_push_p95_ms', 'status_push_p50_ms'] as const;
export const LIST_KEYS = ['videos_list_p95_ms', 'videos_list_p50_ms', 'videos_search_p95_ms'] as const;
export const DASHBOARD_KEYS = ['admin_dashboard_p95_ms'] as const;

async function statusPart(setting: Setting, base: string): Promise<SectionResult> {
  const watcher = await payingUser(base, 'watcher');
  const status = await measureStatusPush(base, setting.database, watcher, setting.plan.status);
  return {
    outcomes: statusOutcomes(status),
    details: { statusPush: { ...status, pollingIntervalMs: STATUS_POLL_MS } },
  };
}

async function listPart(setting: Setting, base: string): Promise<SectionResult> {
  const lister = await payingUser(base, 'lister');
  await seedVideos(setting.database, lister, setting.plan.videos);
  const explain = await explainVideoQueries(setting.database, lister.companyId);
  const scenarios = await loadVideoList(base, lister, setting.plan.list);
  const summaries: ListScenarioSummary[] = scenarios.map((scenario) => {
    const at = (p: number) => summarize(scenario.windows.map((window) => percentile(window.latenciesMs, p)));
    const requests = scenario.windows.reduce((sum, window) => sum + window.latenciesMs.length, 0);
    const seconds = scenario.windows.reduce((sum, window) => sum + window.seconds, 0);
    return {
      label: scenario.label,
      path: scenario.path,
      concurrency: scenario.concurrency,
      p50: at(50),
      p95: at(95),
      p99: at(99),
      requestsPerSecond: requests / seconds,
      errors: scenario.windows.reduce((sum, window) => sum + window.errors, 0),
    };
  });
  return {
    outcomes: listOutcomes(scenarios, setting.plan.headlineConcurrency),
    details: { videosList: { catalogue: setting.plan.videos, scenarios: summaries, explain } },
  };
}

/** After the videos list seeded its 100,000 videos: their job runs and ledger rows, then the dashboard. */
async function dashboardPart(setting: Setting, base: string): Promise<SectionResult> {
  const seeded = await seedDashboardHistory(setting.database);
  const windows = await loadAdminDashboard(base, await adminToken(base), setting.plan.list);
  return { outcomes: dashboardOutcomes(windows, { ...seeded, days: DASHBOARD_DAYS }), details: {} };
}

/** Status push, the videos list and the admin dashboard, against one server process as `npm start` runs it. */
export async function apiSection(setting: Setting): Promise<SectionResult[]> {
  const app = await startAppProcess({
    databaseUrl: setting.database.url,
    dataDir: setting.appDataDir,
    worker: true,
    log: setting.log,
  });
  try {
    return [
      await attempt('status push', STATUS_KEYS, () => statusPart(setting, app.url), setting.log),
      await attempt('videos list', LIST_KEYS, () => listPart(setting, app.url), setting.log),
      await attempt('admin dashboard', DASHBOARD_KEYS, () => dashboardPart(setting, app.url), setting.log),
    ];
  } finally {
    await app.stop();
  }
}

export const EDITOR_KEYS = [
  'editor_open_ms',
  'editor_keystroke_with_frame_wait_ms',
  'editor_keystroke_ms',
  'editor_peaks_bytes_per_minute',
  'editor_peaks_bytes_30min',
] as const;

/** A start that may build the client and the server bundle first (`scripts/start.mjs`). */
const BUILD_AND_START_MS = 10 * 60_000;

/**
 * The subtitle editor in Chromium against one server process with the worker off: a 30-minute video
 * with 600 cues uploaded through the hardcode endpoint (which stores the SRT as version 1 at once;
 * the editor needs no burn-in), opened again and again, then typed into.
 */
export async function editorSection(setting: Setting): Promise<SectionResult> {
  const executablePath = await findChromium(setting.env);
  if (!executablePath) {
    const reason = `not measured: no Chromium at ${setting.env.CHROMIUM_PATH || '/usr/bin/chromium'} (set CHROMIUM_PATH)`;
    const outcomes: Outcomes = {};
    for (const key of EDITOR_KEYS) outcomes[key] = { reason };
    return { outcomes, details: { editor: { reason } } };
  }
  const video = await makeEditorVideo(setting.media, setting.workDir);
  const app = await startAppProcess({
    databaseUrl: setting.database.url,
    dataDir: setting.appDataDir,
    worker: false,
    log: setting.log,
    startTimeoutMs: BUILD_AND_START_MS,
  });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const user = await payingUser(app.url, 'editor');
    const videoId = await uploadEditorVideo(app, user, video);
    await removeQuietly(video.file);
    const measured = await measureEditor({
      browser,
      app,
      user,
      videoId,
      cues: EDITOR_CUES,
      plan: setting.plan.editor,
      log: setting.log,
    });
    const peaks = await storedPeaks(setting.database, setting.appDataDir, videoId);
    // The 30-minute source (and its peaks) would otherwise stay in the data folder until the end.
    await removeVideoFolder(setting.database, setting.appDataDir, videoId);
    const result: EditorMeasurements = {
      video: { seconds: video.seconds, bytes: video.bytes, width: video.width, height: video.height },
      cues: EDITOR_CUES,
      ...measured,
      peaksBytes: peaks.bytes,
      peaksSamplesPerSecond: peaks.samplesPerSecond,
    };
    return { outcomes: editorOutcomes(result), details: { editor: result } };
  } finally {
    await browser.close();
    await app.stop();
    await removeQuietly(video.file);
    await removeQuietly(video.srt);
  }
}
