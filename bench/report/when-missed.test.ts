import { describe, expect, it } from 'vitest';
import type { BurnInComparison } from '../measure/burn-in';
import type { SegmentedBurnMeasurements } from '../measure/segmented-burn-in';
import type { UploadMeasurements } from '../measure/upload';
import { figureResults } from '../results';
import { median, summarize } from '../stats';
import { KNOWN_CAUSES, KNOWN_CAUSES_WRITTEN, knownCausesMarkdown } from './known-causes';
import type { Details } from './report-data';
import { MEASURED_BESIDE, whenMissed } from './when-missed';

/** A fake run whose figures all miss their targets, with numbers no template would happen to hold. */
const burnIn = (footage: BurnInComparison['footage'], speedup: number): BurnInComparison => ({
  footage,
  seconds: 37,
  naiveMs: [41_234, 41_876],
  oursMs: [17_345, 17_456],
  speedups: [speedup, speedup],
  naiveBytes: 12_345_678,
  oursBytes: 13_456_789,
  sizeRatios: [1.0913, 1.0913],
  ssimVsNaive: 0.9431,
  ssimVsNaiveOutsideSubtitles: 0.9917,
  ssimVsDefaultEncoderSameSubs: 0.9876,
  ssimStylingAlone: 0.9467,
  variants: [],
});
const upload: UploadMeasurements = {
  bytes: 1_234_000_000,
  discardSink: [987e6, 986e6],
  diskSink: [456e6, 457e6],
  server: [321e6, 323e6],
  idleRss: 117_300_000,
  startupPeakRss: 139_000_000,
  peakRss: 163_900_000,
  sampledPeakRss: 161_100_000,
  directStore: [],
  serverSeconds: [3.844, 3.821],
  serverCpuSeconds: [2.913, 2.907],
  benchCpuSeconds: [0.041, 0.043],
};
const uploadS3: UploadMeasurements = {
  bytes: 1_234_000_000,
  discardSink: [977e6, 976e6],
  diskSink: [446e6, 447e6],
  server: [121e6, 123e6],
  idleRss: 127_300_000,
  startupPeakRss: 141_000_000,
  peakRss: 263_900_000,
  sampledPeakRss: 261_100_000,
  directStore: [301e6, 303e6],
  serverSeconds: [10.198, 10.033],
  serverCpuSeconds: [1.613, 1.627],
  benchCpuSeconds: [11.417, 11.389],
};
const segmentedBurnIn: SegmentedBurnMeasurements = {
  footage: 'detailed',
  seconds: 173,
  segments: 4,
  reburnedSegments: 2,
  changedCueStartMs: 86_300,
  wholeMs: [61_234, 61_876],
  segmentedMs: [71_345, 71_456],
  revisionMs: [37_123, 37_234],
};
const details: Details = {
  burnIn: [burnIn('test-pattern', 1.73), burnIn('detailed', 2.29)],
  upload,
  burnInBoxed: [
    { ...burnIn('detailed', 2.11), style: 'boxed', ssimVsNaive: 0.9123, ssimStylingAlone: 0.9187 },
  ],
  uploadS3,
  segmentedBurnIn,
};
const figures = figureResults({
  burnin_speedup_vs_naive: { summary: summarize([1.73]) },
  burnin_ssim_vs_naive: { summary: summarize([0.9431]) },
  burnin_ssim_vs_naive_boxed: { summary: summarize([0.9123]) },
  upload_peak_rss_mb: { summary: summarize([163.9]) },
  upload_throughput_ratio: { summary: summarize([0.3262]) },
  burnin_segmented_vs_whole_ratio: { summary: summarize([1.1547]) },
  revision_vs_first_burn_ratio: { summary: summarize([0.5206]) },
  upload_s3_throughput_ratio_vs_disk_sink: { summary: summarize([0.2731]) },
  upload_s3_peak_rss_mb: { summary: summarize([263.9]) },
  upload_s3_throughput_ratio_vs_direct_store: { summary: summarize([0.4031]) },
});

/** Names that carry digits but are no figure: the encoder, the JavaScript engine and the storage API. */
const NAMES = ['x264', 'V8', 'S3'];

/** Every way the report may print a number of the run: as is, to 0–4 decimals, in MB, GB or %. */
function printedForms(value: unknown, forms = new Set<string>()): Set<string> {
  if (typeof value === 'number') {
    for (const scaled of [value, value / 1e6, value / 1e9, value * 100]) {
      forms.add(String(scaled));
      for (let digits = 0; digits <= 4; digits++) forms.add(scaled.toFixed(digits));
      forms.add(String(Number(scaled.toPrecision(3))));
    }
  } else if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) printedForms(inner, forms);
  }
  return forms;
}

/** The numbers the run itself produced, with the figures' configured targets, and the ratios between them. */
function runNumbers(): Set<string> {
  const derived = [
    (upload.peakRss - upload.idleRss) / 1e6,
    median(upload.diskSink) / median(upload.discardSink),
    median(upload.server.map((rate, index) => rate / (upload.diskSink[index] ?? 1))),
    (uploadS3.peakRss - uploadS3.idleRss) / 1e6,
    median(uploadS3.server) / 1e6,
    median(uploadS3.diskSink) / 1e6,
    median(uploadS3.directStore) / 1e6,
    ...[uploadS3.serverSeconds, uploadS3.serverCpuSeconds, uploadS3.benchCpuSeconds].map(median),
    ...[segmentedBurnIn.wholeMs, segmentedBurnIn.segmentedMs, segmentedBurnIn.revisionMs].map(
      (ms) => median(ms) / 1000,
    ),
  ];
  return printedForms([details, figures, derived]);
}

const numbersIn = (text: string) =>
  [...text.replace(new RegExp(`\\b(${NAMES.join('|')})\\b`, 'g'), '').matchAll(/\d[\d,]*(?:\.\d+)?/g)].map(
    (match) => match[0].replace(/,/g, ''),
  );

describe('what is printed beside a missed target', () => {
  it('is written for every figure that misses in the fake run', () => {
    for (const figure of figures.filter((candidate) => candidate.value !== null)) {
      expect(figure.met, figure.key).toBe(false);
      expect(whenMissed(figure, details), figure.key).toBeTruthy();
    }
  });

  it('holds no number the run did not produce', () => {
    const allowed = runNumbers();
    for (const key of Object.keys(MEASURED_BESIDE)) {
      const figure = figures.find((candidate) => candidate.key === key);
      if (!figure) throw new Error(`no figure ${key}`);
      const text = whenMissed(figure, details) ?? '';
      const invented = numbersIn(text).filter((number) => !allowed.has(number));
      expect(invented, `${key}: ${text}`).toEqual([]);
    }
  });

  it('is only what the run measured: nothing at all when the run has no details to draw on', () => {
    for (const figure of figures.filter((candidate) => candidate.key in MEASURED_BESIDE)) {
      expect(whenMissed(figure, {}), figure.key).toBeUndefined();
      const text = whenMissed(figure, details);
      if (text === undefined) continue; // the fake run holds nothing about this part
      expect(text, figure.key).toMatch(/^In this run/);
      expect(text, figure.key).not.toMatch(/earlier|trials|could not be installed/);
    }
  });

  it('gives the boxed preset from its own runs', () => {
    const figure = figures.find((candidate) => candidate.key === 'burnin_ssim_vs_naive_boxed');
    const text = (figure && whenMissed(figure, details)) ?? '';
    expect(text).toContain('the styling alone 0.9187');
  });

  it('is left out beside a met target', () => {
    const met = figureResults({ upload_peak_rss_mb: { summary: summarize([99]) } });
    const figure = met.find((candidate) => candidate.key === 'upload_peak_rss_mb');
    expect(figure && whenMissed(figure, details)).toBeUndefined();
  });
});

describe('what earlier trials found', () => {
  it('is dated prose, under its own heading, for the missed figures only', () => {
    const section = knownCausesMarkdown(figures);
    expect(section).toContain(`written ${KNOWN_CAUSES_WRITTEN}, not measured by this run`);
    expect(section).toContain('box behind every line');
    const met = figureResults({ upload_peak_rss_mb: { summary: summarize([99]) } });
    expect(knownCausesMarkdown(met)).toBe('');
  });

  it('holds no figure: no number but names, dates and the targets', () => {
    for (const [key, text] of Object.entries(KNOWN_CAUSES)) {
      expect(numbersIn(text.replace(/SUBTITLE-STYLE|s3rver|mjs/g, '')), key).toEqual([]);
    }
  });
});
