import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaBinaries } from '../server/media/binaries';
import { attempt, type SectionResult } from './attempt';
import type { Outcomes } from './derive';
import { type DatabaseSettings, startBenchDatabase } from './env/database';
import type { FigureKey } from './figures';
import { prepareInputs } from './inputs/prepare';
import { type PartTiming, watchLoad } from './load-watch';
import type { BenchPart, BenchPlan } from './plan';
import type { Details } from './report/report-data';
import { settingsLine } from './report/tables';
import { failureReason } from './results';
import {
  ADD_LANGUAGE_KEYS,
  addLanguageSection,
  apiSection,
  BURN_IN_KEYS,
  burnInSection,
  DASHBOARD_KEYS,
  EDITOR_KEYS,
  editorSection,
  LIST_KEYS,
  PIPELINE_KEYS,
  pipelineSection,
  RESUMABLE_UPLOAD_KEYS,
  resumableUploadSection,
  type Setting,
  SOFT_SUBTITLE_KEYS,
  SPEECH_KEYS,
  STATUS_KEYS,
  softSubtitlesSection,
  speechSection,
  UPLOAD_KEYS,
  uploadSection,
} from './sections';

export interface Measured {
  outcomes: Outcomes;
  details: Details;
  timings: Record<string, PartTiming>;
  /** What the bench's PostgreSQL ran with, read back from it (null if it never started). */
  databaseSettings: DatabaseSettings | null;
}

type Part = () => Promise<SectionResult[]>;

function single(
  name: string,
  keys: readonly FigureKey[],
  part: () => Promise<SectionResult>,
  log: (line: string) => void,
): Part {
  return async () => [await attempt(name, keys, part, log)];
}

/** The API parts share one app process; if it cannot start, all their figures carry the reason. */
function apiParts(setting: Setting): Part {
  return () =>
    apiSection(setting).catch(async (error: unknown) => {
      const outcomes: Outcomes = {};
      for (const key of [...STATUS_KEYS, ...LIST_KEYS, ...DASHBOARD_KEYS])
        outcomes[key] = { reason: failureReason(error) };
      return [{ outcomes, details: {} }];
    });
}

/** Runs the parts in turn, timing each; a part that throws leaves its figures null with the reason. */
async function runParts(setting: Setting, measured: Measured): Promise<void> {
  const { log } = setting;
  const parts: [BenchPart, string, Part][] = [
    ['upload', 'upload', single('upload', UPLOAD_KEYS, () => uploadSection(setting), log)],
    [
      'resumable-upload',
      'resumable upload',
      single('resumable upload', RESUMABLE_UPLOAD_KEYS, () => resumableUploadSection(setting), log),
    ],
    ['pipelines', 'pipelines', single('pipelines', PIPELINE_KEYS, () => pipelineSection(setting), log)],
    ['speech', 'speech engine', single('speech engine', SPEECH_KEYS, () => speechSection(setting), log)],
    ['burn-in', 'burn-in', single('burn-in', BURN_IN_KEYS, () => burnInSection(setting), log)],
    ['api', 'status push and videos list', apiParts(setting)],
    ['editor', 'editor', single('editor', EDITOR_KEYS, () => editorSection(setting), log)],
    [
      'soft-subtitles',
      'soft subtitles',
      single('soft subtitles', SOFT_SUBTITLE_KEYS, () => softSubtitlesSection(setting), log),
    ],
    [
      'add-language',
      'add a language',
      single('add a language', ADD_LANGUAGE_KEYS, () => addLanguageSection(setting), log),
    ],
  ];
  const { only } = setting.plan;
  for (const [id, name, part] of parts) {
    if (only && !only.includes(id)) continue;
    const watch = watchLoad();
    log(`[${new Date().toISOString().slice(11, 19)}] ${name}…`);
    for (const result of await part()) {
      Object.assign(measured.outcomes, result.outcomes);
      Object.assign(measured.details, result.details);
    }
    measured.timings[name] = await watch.stop();
  }
}

/**
 * Everything the bench measures, in a throwaway folder: its own PostgreSQL, app processes and
 * generated inputs, removed at the end whatever happens.
 */
export async function measureAll(
  plan: BenchPlan,
  media: MediaBinaries,
  context: { repoRoot: string; env: NodeJS.ProcessEnv; log: (line: string) => void },
): Promise<Measured> {
  const measured: Measured = { outcomes: {}, details: {}, timings: {}, databaseSettings: null };
  const root = await mkdtemp(path.join(os.tmpdir(), 'subtitling-bench-'));
  try {
    // PostgreSQL runs as its own user and must reach its folder.
    await chmod(root, 0o755);
    const database = await startBenchDatabase(path.join(root, 'db'), context.log);
    measured.databaseSettings = database.settings;
    context.log(`PostgreSQL settings: ${settingsLine(database.settings)}`);
    try {
      const workDir = path.join(root, 'work');
      const appDataDir = path.join(root, 'app');
      await mkdir(workDir, { recursive: true });
      await mkdir(appDataDir, { recursive: true });
      const watch = watchLoad();
      context.log('generating inputs…');
      const inputs = await prepareInputs(media, workDir, plan);
      measured.timings.inputs = await watch.stop();
      await runParts({ plan, media, database, inputs, appDataDir, workDir, ...context }, measured);
    } finally {
      await database.stop();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return measured;
}
