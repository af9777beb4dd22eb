import type { PipelineRow, pipelineGrowth } from '../derive';
import type { Footage } from '../inputs/clips';
import type { PartTiming } from '../load-watch';
import type { BurnInComparison } from '../measure/burn-in';
import type { EditorMeasurements } from '../measure/editor';
import type { SegmentedBurnMeasurements } from '../measure/segmented-burn-in';
import type { SharedCoresMeasurements } from '../measure/shared-cores';
import type { StatusPushMeasurements } from '../measure/status-push';
import type { UploadMeasurements } from '../measure/upload';
import type { UploadResumeMeasurements } from '../measure/upload-resume';
import type { ExplainedQuery, VideoCatalogue } from '../measure/videos-list';
import type { FigureResult } from '../results';
import type { Summary } from '../stats';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  ffmpeg: string;
}

export interface Meta {
  command: string;
  mode: 'quick' | 'full';
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  machine: Machine;
  commit: string | null;
  dirty: boolean;
  /**
   * A hash of the code the figures measure (scripts/fingerprint.mjs): `npm test` fails while the
   * committed report's differs from the tree's. Absent in runs before fingerprints; `leftOut` (the
   * tests in those folders) absent in runs that hashed them too.
   */
  code?: { fingerprint: string; folders: string[]; leftOut?: string[] };
  /**
   * The durability settings of the run's PostgreSQL as it reported them (the same start as the
   * embedded database of `npm start`); null when it did not start.
   */
  databaseSettings: Record<string, string> | null;
  /** How long each part of the run took and how busy the machine was meanwhile (the last run's). */
  sections: Record<string, PartTiming>;
  /** Several whole runs combined (`--runs=3`, bench/combine-runs.ts): how long each took, and its parts. */
  runs?: { count: number; secondsEach: number[]; sectionsEach: Record<string, PartTiming>[] };
}

export interface ListScenarioSummary {
  label: string;
  path: string;
  concurrency: number;
  p50: Summary;
  p95: Summary;
  p99: Summary;
  requestsPerSecond: number;
  errors: number;
}

/** Everything measured, in the shapes the markdown and latest.json need. */
export interface Details {
  pipelines?: {
    rows: PipelineRow[];
    growth: ReturnType<typeof pipelineGrowth>;
    probeMs: { footage: Footage; clipSeconds: number; summary: Summary }[];
  };
  asr?: { model: string | null; reason?: string; runs?: { seconds: number; rtf: number }[] };
  burnIn?: BurnInComparison[];
  /** The same comparison with the boxed preset (issue 22). */
  burnInBoxed?: BurnInComparison[];
  /** Two burn-ins at once against one after the other (server/cpu-share.ts). */
  burnInSharedCores?: SharedCoresMeasurements;
  upload?: UploadMeasurements;
  /** The same upload into S3 storage (s3rver started by the bench), issue 26. */
  uploadS3?: UploadMeasurements;
  /** Burn-in by segments against the whole file, and a one-cue revision (issue 26). */
  segmentedBurnIn?: SegmentedBurnMeasurements;
  /** An upload over tus cut at half and resumed (issue 26). */
  uploadResume?: UploadResumeMeasurements;
  statusPush?: StatusPushMeasurements & { pollingIntervalMs: number };
  videosList?: { catalogue: VideoCatalogue; scenarios: ListScenarioSummary[]; explain: ExplainedQuery[] };
  /** The subtitle editor in Chromium (issue 21), or why it could not be measured. */
  editor?: EditorMeasurements | { reason: string };
}

export interface BenchReport {
  meta: Meta;
  figures: FigureResult[];
  details: Details;
}
