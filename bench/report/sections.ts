import { UPLOAD_BUFFER_BYTES } from '../../server/http/upload-buffer';
import { subtitleStyle } from '../../shared/subtitles/subtitle-style';
import type { PipelineRow } from '../derive';
import { FOOTAGE_LABELS } from '../inputs/clips';
import type { PartTiming } from '../load-watch';
import { ARRANGEMENT_LABELS, ARRANGEMENTS, ratioOfMedians } from '../measure/shared-cores';
import { percentile, type Summary } from '../stats';
import type { BenchReport, Details } from './report-data';
import { clipLabel, formatNumber, table } from './tables';

const STAGE_ORDER = ['extract', 'transcribe', 'shape', 'burnIn'];

const seconds = (summary: Summary | undefined) => (summary ? `${formatNumber(summary.median)} s` : '—');

function pipelineSection(pipelines: NonNullable<Details['pipelines']>): string {
  const present = new Set(pipelines.rows.flatMap((row) => Object.keys(row.stagesSeconds)));
  const stages = STAGE_ORDER.filter((stage) => present.has(stage));
  const probe = (row: PipelineRow) =>
    pipelines.probeMs.find((entry) => entry.clipSeconds === row.clipSeconds && entry.footage === row.footage)
      ?.summary;
  const rows = pipelines.rows.map((row) => [
    row.mode,
    FOOTAGE_LABELS[row.footage],
    clipLabel(row.clipSeconds),
    `${formatNumber(row.rtf.median)} (${formatNumber(row.rtf.min)}–${formatNumber(row.rtf.max)})`,
    seconds(row.totalSeconds),
    `${formatNumber(probe(row)?.median ?? Number.NaN)} ms`,
    ...stages.map((stage) => {
      const time = row.stagesSeconds[stage];
      return time
        ? `${formatNumber(time.median)} s (${((time.median / row.totalSeconds.median) * 100).toFixed(0)}%)`
        : '—';
    }),
    `${row.runsWithBackwardProgress} of ${row.rtf.runs}`,
  ]);
  const growth = pipelines.growth.map(
    (fit) =>
      `- ${fit.mode}, ${FOOTAGE_LABELS[fit.footage]}: wall seconds ≈ ${fit.interceptSeconds} + ${fit.slope} × video seconds (R² ${fit.r2})`,
  );
  return [
    '## Pipeline real-time factor, per stage',
    '',
    'Wall time from the accepted upload (video row inserted) to both statuses completed, over the video duration; ' +
      'each video goes through the real endpoint (curl multipart) into the real server process with its inline worker. ' +
      'Stage ends are the status/progress writes the product makes (logged with the database clock by a bench-only trigger): ' +
      'extract ends with progress 10, transcribe with 80, shape with the SRT completed, burn-in with the hardcoded video completed; ' +
      'each stage includes picking its job off the queue. Probe is timed directly (it runs at accept, before the clock starts, and again in extract and burn-in). ' +
      'The test pattern runs at every length; the detailed footage (the burn-in section’s clip, repeated without re-encoding) at the longest; the headline figures are the worse of the two there.',
    '',
    table(
      [
        'Mode',
        'Footage',
        'Clip',
        'RTF (min–max)',
        'Wall',
        'Probe',
        ...stages,
        'Runs with progress going back',
      ],
      rows,
    ),
    '',
    '"Progress going back" counts runs in which a progress column decreased before its status completed: a step that restarted, or the same job running twice at once. A healthy run has none.',
    '',
    growth.length > 0
      ? `Growth with duration (least squares over the clip lengths):\n\n${growth.join('\n')}`
      : 'Only one clip length in this run: growth with duration is not shown (run the full mode).',
  ].join('\n');
}

function burnInSection(comparisons: NonNullable<Details['burnIn']>): string {
  const median = (values: number[]) => percentile(values, 50);
  // Runs before issue 22 measured the default style alone: their report stays as it was written.
  const styled = comparisons.some((c) => c.style !== undefined);
  const rows = comparisons.map((c) => [
    FOOTAGE_LABELS[c.footage],
    ...(styled ? [subtitleStyle(c.style).name] : []),
    `${c.seconds} s`,
    `${formatNumber((c.seconds * 30) / (median(c.naiveMs) / 1000))} fps`,
    `${formatNumber((c.seconds * 30) / (median(c.oursMs) / 1000))} fps`,
    `${formatNumber(median(c.speedups))}×`,
    `${formatNumber(median(c.sizeRatios))}× (${(c.naiveBytes / 1e6).toFixed(1)} MB naive)`,
    c.ssimVsNaive.toFixed(4),
    c.ssimVsNaiveOutsideSubtitles.toFixed(4),
    c.ssimVsDefaultEncoderSameSubs.toFixed(4),
    c.ssimStylingAlone.toFixed(4),
  ]);
  const variants = comparisons.flatMap((c) =>
    c.variants.map((v) => [
      c.footage,
      v.label,
      `${formatNumber(v.speedupVsNaive)}×`,
      `${formatNumber(v.sizeRatioVsNaive)}×`,
      v.ssimVsNaive.toFixed(4),
      v.ssimVsDefaultEncoderSameSubs.toFixed(4),
    ]),
  );
  return [
    '## Burn-in against the naive command',
    '',
    'Naive: `ffmpeg -i in.mp4 -vf subtitles=in.srt out.mp4` (x264 medium CRF 23, audio re-encoded, system fonts). ' +
      "Ours: the product's renderer (`server/media/render-subtitles.ts`: ASS through libass with our fonts, the `burn-in-args.ts` encoder settings, audio copied). " +
      (styled
        ? 'Our renderings are measured with the default style and again with the boxed preset (a box behind the text, issue 22). '
        : '') +
      'Runs are interleaved pairs; the speed-up is per pair. SSIM compares the whole frame of ours against the naive output, so it includes the different subtitle styling; ' +
      '"above subtitles" compares only the top two thirds of the frame, where neither rendering draws; ' +
      '"encoder alone" compares ours with our subtitles encoded at x264 defaults; "styling alone" compares the naive output with that same file (same encoder, only the subtitle rendering differs).',
    '',
    table(
      [
        'Footage',
        ...(styled ? ['Our style'] : []),
        'Clip',
        'Naive',
        'Ours',
        'Speed-up',
        'Size vs naive',
        'SSIM vs naive',
        'SSIM vs naive, above subtitles',
        'SSIM, encoder alone',
        'SSIM, styling alone',
      ],
      rows,
    ),
    variants.length > 0
      ? `\nOther encoder settings of our command, one run each on the same clips (speed against the naive median):\n\n${table(['Footage', 'Setting', 'Speed-up', 'Size vs naive', 'SSIM vs naive', 'SSIM, encoder alone'], variants)}`
      : '',
  ].join('\n');
}

function sharedCoresSection(shared: NonNullable<Details['burnInSharedCores']>): string {
  const median = (values: number[]) => percentile(values, 50);
  const wall = (ms: number[]) =>
    `${formatNumber(median(ms) / 1000)} s (${ms.map((value) => formatNumber(value / 1000)).join(', ')})`;
  const rows = ARRANGEMENTS.map((arrangement) => {
    const times = shared[arrangement];
    const ratio = ratioOfMedians(times.ms, shared.oneAfterOther.ms);
    return [
      ARRANGEMENT_LABELS[arrangement],
      `${times.cpu.threadsPerJob} at nice ${times.cpu.niceness}`,
      wall(times.ms),
      arrangement === 'oneAfterOther'
        ? 'baseline'
        : `${formatNumber(ratio.median)}× (${formatNumber(ratio.min)}–${formatNumber(ratio.max)})`,
    ];
  });
  return [
    '## Two burn-ins at once',
    '',
    `The worker runs WORKER_CONCURRENCY jobs at once (default ${shared.jobs}); \`server/cpu-share.ts\` gives each job an equal share of the cores for ffmpeg, at nice ${shared.twoAtOnceShared.cpu.niceness}. ` +
      `Here ${shared.jobs} burn-ins of the ${shared.seconds} s ${FOOTAGE_LABELS[shared.footage]} clip, by the product's renderer, on ${shared.cores} cores: ` +
      'in turn with the whole machine each, started together with the cores shared, and started together each taking every core at normal priority (the rule before `cpu-share.ts`, for comparison). ' +
      'Each repeat runs the three arrangements back to back, in an order that rotates from repeat to repeat; the time is the wall time until both are finished. ' +
      'The ratio is median over median, with the range of the per-repeat ratios. ' +
      'The rule before ran at nice 0, the other two at nice 10: on a machine busy with other work it competes better for the CPU, so read its row with the run table below.',
    '',
    table(['Arrangement', 'Threads per job', 'Wall time, median (runs)', 'vs one after the other'], rows),
  ].join('\n');
}

function segmentedSection(measured: NonNullable<Details['segmentedBurnIn']>): string {
  const wall = (ms: number[]) =>
    `${formatNumber(percentile(ms, 50) / 1000)} s (${ms.map((value) => formatNumber(value / 1000)).join(', ')})`;
  return [
    '## Burn-in by segments',
    '',
    `The product burns a video in segments of about 45 s, each its own worker job, and joins them without re-encoding (server/media/segmented-burn.ts); a revision burns again only the segments whose subtitles changed. ` +
      `Here, on the ${clipLabel(Math.round(measured.seconds))} ${FOOTAGE_LABELS[measured.footage]} (${measured.segments} segments): the whole-file burn (one ffmpeg over the whole video, the whole machine), ` +
      "a first burn-in by segments with one worker (the segment and join jobs' own functions, one after the other, each segment with the whole machine), and right after it the revision that changes the text of the cue nearest the middle " +
      `(at ${formatNumber(measured.changedCueStartMs / 1000)} s): ${measured.reburnedSegments} segment(s) burned again, then all joined. Which of whole and segmented goes first alternates between repeats.`,
    '',
    table(
      ['Burn', 'Wall time, median (runs)'],
      [
        ['whole file', wall(measured.wholeMs)],
        ['by segments, first burn-in', wall(measured.segmentedMs)],
        ['by segments, one cue changed', wall(measured.revisionMs)],
      ],
    ),
  ].join('\n');
}

function uploadSection(upload: NonNullable<Details['upload']>, uploadS3?: Details['uploadS3']): string {
  const mbps = (values: number[]) => values.map((value) => (value / 1e6).toFixed(0)).join(', ');
  return [
    '## Upload',
    '',
    `A ${(upload.bytes / 1e9).toFixed(1)} GB MP4 (a short clip followed by a \`free\` box, so the endpoint accepts it) posted by curl as multipart, per run in turn to: a plain Node HTTP sink that discards the body, a plain sink that writes it to the same disk (through the product's ${(UPLOAD_BUFFER_BYTES / 2 ** 20).toFixed(0)} MiB write buffer), and \`POST /api/upload-log\` of a fresh server process with its inline worker, as \`npm start\` runs it. Each side answers once the body is stored; neither deletes it inside the timing (the sink's copy is removed after its answer, the endpoint's once the worker has processed the video, before the next run).`,
    '',
    table(
      ['Target', 'MB/s per run'],
      [
        ['discarding sink', mbps(upload.discardSink)],
        ['sink writing to disk', mbps(upload.diskSink)],
        ['server endpoint', mbps(upload.server)],
        ...(uploadS3
          ? [
              ['sink writing to disk (S3 rounds)', mbps(uploadS3.diskSink)],
              ['server endpoint, STORAGE=s3 (s3rver)', mbps(uploadS3.server)],
            ]
          : []),
      ],
    ),
    '',
    `Server memory: idle ${(upload.idleRss / 1e6).toFixed(0)} MB after start-up and the bench's sign-up, whose peak was ${(upload.startupPeakRss / 1e6).toFixed(0)} MB (an Argon2 hash takes 19 MiB); the kernel's peak (VmHWM) is then started again, and over the uploads it reached ${(upload.peakRss / 1e6).toFixed(0)} MB, highest sampled VmRSS ${(upload.sampledPeakRss / 1e6).toFixed(0)} MB.`,
    ...(uploadS3
      ? [
          '',
          `Into S3 storage: a second server process with \`STORAGE=s3\`, storing into s3rver started by the bench on this machine (its objects on the same disk), the same rounds with their own sinks; it answers once the file is in the bucket. Memory: idle ${(uploadS3.idleRss / 1e6).toFixed(0)} MB, peak ${(uploadS3.peakRss / 1e6).toFixed(0)} MB, highest sampled VmRSS ${(uploadS3.sampledPeakRss / 1e6).toFixed(0)} MB.`,
        ]
      : []),
  ].join('\n');
}

function statusSection(status: NonNullable<Details['statusPush']>): string {
  const all = status.pushMs.flat();
  const p = (values: number[], at: number) =>
    values.length > 0 ? `${percentile(values, at).toFixed(1)} ms` : '—';
  return [
    '## Status push',
    '',
    "The bench updates a video's progress and publishes the event in one transaction (as a worker step does), at random 20–200 ms intervals; " +
      'every change writes a video of its own, so a client subscribed to `events.company` over SSE matches each event to the write that caused it by its video id, and stamps it on arrival ' +
      '(an event arriving before its write began stops the run rather than being counted); the same transaction writes a change counter to one more video, which a second client polls every ' +
      `${status.pollingIntervalMs} ms as the legacy client does (PRODUCT.md §4). Latency runs from the start of the change's transaction.`,
    '',
    table(
      ['Client', 'Samples', 'p50', 'p95', 'max'],
      [
        ['SSE subscription', String(all.length), p(all, 50), p(all, 95), p(all, 100)],
        [
          `polling every ${status.pollingIntervalMs} ms`,
          String(status.pollMs.length),
          p(status.pollMs, 50),
          p(status.pollMs, 95),
          p(status.pollMs, 100),
        ],
      ],
    ),
  ].join('\n');
}

function listSection(list: NonNullable<Details['videosList']>): string {
  const ms = (summary: Summary) => `${formatNumber(summary.median)} ms`;
  const rows = list.scenarios.map((s) => [
    s.label,
    String(s.concurrency),
    ms(s.p50),
    ms(s.p95),
    ms(s.p99),
    s.requestsPerSecond.toFixed(0),
    String(s.errors),
  ]);
  const plans = list.explain.map(
    (query) =>
      `### ${query.label}\n\nIndexes used: ${query.indexes.length > 0 ? query.indexes.map((name) => `\`${name}\``).join(', ') : 'none'}${query.seqScan ? ' — **sequential scan of videos**' : ''}\n\n\`\`\`sql\n${query.sql}\n\`\`\`\n\n\`\`\`\n${query.plan}\n\`\`\``,
  );
  return [
    '## Videos list',
    '',
    `${list.catalogue.total.toLocaleString('en')} videos across ${list.catalogue.companies.toLocaleString('en')} companies, inserted with generate_series; ` +
      `the load runs as a user of the largest company (${list.catalogue.ofLoadCompany.toLocaleString('en')} videos). ` +
      'Each client sends its next request when the previous answer is read (kept-alive connections), against `GET /api/upload-logs/my-company-videos-desc?page=1&pageSize=12` and the same with `&search=abc`. Percentiles are the median over the windows.',
    '',
    table(['Query', 'Clients', 'p50', 'p95', 'p99', 'req/s', 'errors'], rows),
    '',
    'EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the product runs for page 1 (captured from its repository):',
    '',
    ...plans,
  ].join('\n');
}

function editorSection(editor: NonNullable<Details['editor']>): string {
  if ('reason' in editor) return `## Subtitle editor\n\nNot measured: ${editor.reason}`;
  const ms = (values: readonly number[], at: number) =>
    values.length > 0 ? `${formatNumber(percentile(values, at))} ms` : '—';
  const work = editor.keystrokes.workMs.flat();
  const frozenWork = editor.keystrokes.frozenWorkMs.flat();
  const keys = editor.keystrokes.rafMs.flat();
  const frozen = editor.keystrokes.frozenMs.flat();
  const slow = editor.keystrokes.slowEvents;
  return [
    '## Subtitle editor',
    '',
    `A ${clipLabel(Math.round(editor.video.seconds))} ${editor.video.width}×${editor.video.height} MP4 (${(editor.video.bytes / 1e6).toFixed(0)} MB: a 20 s test-pattern clip repeated without re-encoding) with an SRT of ${editor.cues} evenly spread cues, uploaded through \`POST /api/upload-log/hc\` to a server process with the worker off (the upload stores the SRT as a version at once; nothing is burned). ` +
      'Chromium (headless, the e2e launch flags, 1366×900) logs in as the e2e tests do and opens `/videos/:id/edit` in a new tab each time. ' +
      'An open is usable when, on an animation frame, the video element has its metadata, the waveform has drawn (a canvas and at least one cue region in its shadow root; the regions plugin only attaches the regions in view) and the list holds a row for every cue; ' +
      "the time is that frame's `performance.now()`, counted from the navigation start. The first open computes and stores the peaks and starts with an empty browser cache; it is reported apart.",
    '',
    "Keystrokes: in one more open, cue 300's textarea is clicked and typed into one key at a time (the next key once the previous one is measured); each round starts from the cue's own text. " +
      "A keydown listener (capture) takes the event's timestamp; in the next `requestAnimationFrame` callback it posts a task (MessageChannel) that takes `performance.now()`: that task runs after React's commit (a discrete input renders synchronously) and after the frame's style, layout and paint. " +
      "That time includes the wait for the display's next vsync (at 60 Hz up to 16.7 ms, whatever the page does), so the figure judged against the one-frame target leaves it out: keydown's timestamp to the end of the input's handling (a microtask after the input event reaches window), plus the frame from its start (the `requestAnimationFrame` callback's argument) to the posted task; where the frame began before the handling ended, nothing is left out. " +
      "The baseline types the same keys, measured the same way, into a copy of the editor's page as drawn (its elements cloned, scripts removed, in a new tab of the same origin so the same style sheets apply): what a keystroke costs the browser alone in that page. " +
      "A `PerformanceObserver` for Event Timing at Chrome's lowest threshold (16 ms) reports any keyboard or input event the browser itself timed as slow.",
    '',
    table(
      ['Measurement', 'Samples', 'p50', 'p95', 'max'],
      [
        ['open, cold (peaks computed)', '1', `${formatNumber(editor.coldOpenMs)} ms`, '—', '—'],
        [
          'open',
          String(editor.openMs.length),
          ms(editor.openMs, 50),
          ms(editor.openMs, 95),
          ms(editor.openMs, 100),
        ],
        [
          'keystroke input to paint, vsync wait left out',
          String(work.length),
          ms(work, 50),
          ms(work, 95),
          ms(work, 100),
        ],
        [
          'baseline: the same, the page without its scripts',
          String(frozenWork.length),
          ms(frozenWork, 50),
          ms(frozenWork, 95),
          ms(frozenWork, 100),
        ],
        [
          'keystroke to next frame (vsync wait included)',
          String(keys.length),
          ms(keys, 50),
          ms(keys, 95),
          ms(keys, 100),
        ],
        [
          'baseline: keystroke to next frame, the page without its scripts',
          String(frozen.length),
          ms(frozen, 50),
          ms(frozen, 95),
          ms(frozen, 100),
        ],
        [
          "keystroke to React's commit",
          String(editor.keystrokes.commitMs.length),
          ms(editor.keystrokes.commitMs, 50),
          ms(editor.keystrokes.commitMs, 95),
          ms(editor.keystrokes.commitMs, 100),
        ],
      ],
    ),
    '',
    slow.length > 0
      ? `Event Timing: ${slow.length} keyboard or input events of 16 ms or more over ${editor.keystrokes.total} keystrokes (${[
          ...new Set(slow.map((event) => event.name)),
        ]
          .map((name) => {
            const durations = slow.filter((event) => event.name === name).map((event) => event.duration);
            return `${name}: ${durations.length}, longest ${Math.max(...durations)} ms`;
          })
          .join('; ')}).`
      : 'Event Timing: no keyboard or input event of 16 ms or more.',
    '',
    `Peaks stored (\`videos/<folder>/peaks.json\`, ${editor.peaksSamplesPerSecond} min/max pairs per second): ${editor.peaksBytes.toLocaleString('en')} bytes.`,
  ].join('\n');
}

/** Other processes using more than this share of the machine make a part's figures suspect. */
const SHARED_THRESHOLD = 0.15;

/** A part whose machine other processes or the host shared past the threshold. */
const sharedPart = (part: PartTiming) =>
  part.othersCpuShare > SHARED_THRESHOLD || (part.stolenCpuShare ?? 0) > SHARED_THRESHOLD;

function runSection(report: BenchReport): string {
  const { cpus } = report.meta.machine;
  const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
  const runs = report.meta.runs?.sectionsEach ?? [report.meta.sections];
  const label = (name: string, run: number) => (runs.length > 1 ? `run ${run + 1}: ${name}` : name);
  const parts = runs.flatMap((sections, run) =>
    Object.entries(sections).map(([name, part]) => ({ name: label(name, run), part })),
  );
  const rows = parts.map(({ name, part }) => [
    name,
    `${Math.round(part.seconds)} s`,
    percent(part.othersCpuShare),
    part.stolenCpuShare === undefined ? 'not recorded' : percent(part.stolenCpuShare),
  ]);
  const shared = parts.filter(({ part }) => sharedPart(part));
  return [
    '## Run',
    '',
    table(
      [
        'Part',
        'Time',
        `CPU used by other processes (share of ${cpus} cores)`,
        'CPU kept by the virtual machine’s host (steal)',
      ],
      rows,
    ),
    '',
    shared.length > 0
      ? `**The machine was shared** during ${shared.map(({ name }) => name).join(', ')}: other processes or the host took more than ${percent(SHARED_THRESHOLD)} of the CPU, so those parts' absolute times (and, less so, their ratios) are pessimistic. Rerun on a quiet machine before comparing with other runs.`
      : `Other processes and the host took at most ${percent(SHARED_THRESHOLD)} of the CPU in every part: the figures are the bench's own.`,
  ].join('\n');
}

export function sectionsMarkdown(report: BenchReport): string {
  const { details } = report;
  const parts: string[] = [];
  if (details.pipelines) parts.push(pipelineSection(details.pipelines));
  if (details.asr)
    parts.push(
      `## Speech engine\n\n${details.asr.model ? `Model: ${details.asr.model}` : `Not measured: ${details.asr.reason ?? ''}`}`,
    );
  if (details.burnIn) parts.push(burnInSection([...details.burnIn, ...(details.burnInBoxed ?? [])]));
  if (details.burnInSharedCores) parts.push(sharedCoresSection(details.burnInSharedCores));
  if (details.segmentedBurnIn) parts.push(segmentedSection(details.segmentedBurnIn));
  if (details.upload) parts.push(uploadSection(details.upload, details.uploadS3));
  if (details.statusPush) parts.push(statusSection(details.statusPush));
  if (details.videosList) parts.push(listSection(details.videosList));
  if (details.editor) parts.push(editorSection(details.editor));
  parts.push(runSection(report));
  return `${parts.join('\n\n')}\n`;
}
