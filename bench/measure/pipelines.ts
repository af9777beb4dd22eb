import { probeVideo } from '../../server/media/probe';
import { startFakeDeepgram } from '../../test/fakes/deepgram';
import { type BenchUser, payingUser } from '../env/accounts';
import { startAppProcess } from '../env/app-process';
import type { BenchDatabase } from '../env/database';
import { type Footage, sampleWordsFor } from '../inputs/clips';
import { type Summary, summarize } from '../stats';
import { type Clip, type PipelineMode, type PipelineRun, runPipeline } from './pipeline-run';

const DEEPGRAM_KEY = 'bench-deepgram-key';

export type SpeechEngine = { kind: 'deepgram-fake' } | { kind: 'whisper'; modelFile: string };

export interface PipelinePlan {
  clips: Clip[];
  repeats: number;
  modes: readonly PipelineMode[];
  engine: SpeechEngine;
  /** Burned once on each fresh app before timing (fontconfig cache, JIT), not reported. */
  warmUp: Clip;
}

export interface PipelineSetting {
  database: BenchDatabase;
  dataDir: string;
  ffprobe: string;
  log: (line: string) => void;
}

export interface PipelineMeasurements {
  runs: PipelineRun[];
  /** ffprobe of each clip, timed directly (it runs at accept, before the clock starts, and in two steps). */
  probeMs: { footage: Footage; clipSeconds: number; summary: Summary }[];
}

async function timeProbe(ffprobe: string, clip: Clip): Promise<Summary> {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    await probeVideo(ffprobe, clip.path);
    times.push(performance.now() - started);
  }
  return summarize(times);
}

async function startEngine(
  engine: SpeechEngine,
  seconds: number,
): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  if (engine.kind === 'whisper') return { env: { WHISPER_MODEL: engine.modelFile }, close: async () => {} };
  const deepgram = await startFakeDeepgram({ apiKey: DEEPGRAM_KEY, words: sampleWordsFor(seconds) });
  return { env: { DEEPGRAM_API_KEY: DEEPGRAM_KEY, DEEPGRAM_API_BASE: deepgram.url }, close: deepgram.close };
}

/**
 * For each clip length: a fresh app process with the worker inline and the given speech engine
 * (Deepgram on a local fake answering at once with the looped sample's words, or local Whisper
 * with a trained model), then the modes' runs in turn.
 */
export async function measurePipelines(
  setting: PipelineSetting,
  plan: PipelinePlan,
): Promise<PipelineMeasurements> {
  const runs: PipelineRun[] = [];
  const probeMs: PipelineMeasurements['probeMs'] = [];
  let user: BenchUser | null = null;
  for (const clip of plan.clips) {
    probeMs.push({
      footage: clip.footage,
      clipSeconds: clip.seconds,
      summary: await timeProbe(setting.ffprobe, clip),
    });
    const engine = await startEngine(plan.engine, clip.seconds);
    const app = await startAppProcess({
      databaseUrl: setting.database.url,
      dataDir: setting.dataDir,
      worker: true,
      env: engine.env,
      log: setting.log,
    });
    try {
      user ??= await payingUser(app.url, 'pipeline');
      const target = { app, database: setting.database, user, dataDir: setting.dataDir };
      await runPipeline(target, 'hardcode', plan.warmUp);
      for (let repeat = 0; repeat < plan.repeats; repeat++) {
        for (const mode of plan.modes) {
          const run = await runPipeline(target, mode, clip);
          const back = run.backwardSteps > 0 ? `, progress went back ${run.backwardSteps}×` : '';
          setting.log(
            `  ${mode} ${clip.footage} ${Math.round(clip.seconds)} s: ${(run.totalMs / 1000).toFixed(1)} s, RTF ${run.rtf.toFixed(3)}${back}`,
          );
          runs.push(run);
        }
      }
    } finally {
      await app.stop();
      await engine.close();
    }
  }
  return { runs, probeMs };
}
