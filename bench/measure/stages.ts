/** One logged write of a video's status/progress columns (see bench/env/database.ts). */
export interface Transition {
  at: Date;
  srtStatus: string;
  hardcodedStatus: string;
  srtProgress: number;
  hardcodedProgress: number;
}

export interface StageTimes {
  /** From the accepted upload (row inserted) to both statuses completed, in ms. */
  totalMs: number;
  /** Consecutive stages that add up to the total, in ms. */
  stages: Record<string, number>;
  /**
   * Times a progress column went down before its status completed: a step that restarted, or two
   * runs of the same step interleaving their reports. 0 in a healthy run.
   */
  backwardSteps: number;
}

export function backwardSteps(transitions: readonly Transition[]): number {
  let count = 0;
  for (let index = 1; index < transitions.length; index++) {
    const before = transitions[index - 1];
    const after = transitions[index];
    if (!before || !after) continue;
    if (after.srtStatus === 'polling' && after.srtProgress < before.srtProgress) count++;
    if (after.hardcodedStatus === 'polling' && after.hardcodedProgress < before.hardcodedProgress) count++;
  }
  return count;
}

/** Progress the generate chain sets when a step ends (server/domains/generation/generate.ts). */
const AUDIO_EXTRACTED = 10;
const TRANSCRIBED = 80;

function lastIndex(transitions: readonly Transition[], test: (transition: Transition) => boolean): number {
  for (let index = transitions.length - 1; index >= 0; index--) {
    const transition = transitions[index];
    if (transition && test(transition)) return index;
  }
  return -1;
}

function timeOf(transitions: readonly Transition[], index: number, what: string): number {
  const transition = transitions[index];
  if (index < 0 || !transition) throw new Error(`the video never reached "${what}"`);
  return transition.at.getTime();
}

function firstTime(transitions: readonly Transition[], test: (t: Transition) => boolean, what: string) {
  return timeOf(transitions, transitions.findIndex(test), what);
}

function assertCompleted(transitions: readonly Transition[]): void {
  const failed = transitions.find((t) => t.srtStatus === 'failed' || t.hardcodedStatus === 'failed');
  if (failed) throw new Error('the video failed');
}

/**
 * Generate chain: extract ends with progress 10, transcribe with progress 80 (the step's own
 * transaction sets them last, after any progress reports), shape with the SRT completed, burn-in
 * with the hardcoded video completed. Each stage includes picking its job off the queue.
 */
export function generateStages(transitions: readonly Transition[]): StageTimes {
  assertCompleted(transitions);
  const accepted = timeOf(transitions, 0, 'accepted');
  const srtDone = transitions.findIndex((t) => t.srtStatus === 'completed');
  const beforeSrtDone = srtDone < 0 ? transitions : transitions.slice(0, srtDone);
  const extracted = timeOf(
    transitions,
    lastIndex(beforeSrtDone, (t) => t.srtProgress === AUDIO_EXTRACTED),
    'audio extracted',
  );
  const transcribed = timeOf(
    transitions,
    lastIndex(beforeSrtDone, (t) => t.srtProgress === TRANSCRIBED),
    'transcribed',
  );
  const shaped = timeOf(transitions, srtDone, 'subtitles completed');
  const burned = firstTime(transitions, (t) => t.hardcodedStatus === 'completed', 'hardcoded completed');
  return {
    totalMs: burned - accepted,
    backwardSteps: backwardSteps(transitions),
    stages: {
      extract: extracted - accepted,
      transcribe: transcribed - extracted,
      shape: shaped - transcribed,
      burnIn: burned - shaped,
    },
  };
}

/** Hardcode chain: the SRT is complete at upload; burn-in is the whole pipeline. */
export function hardcodeStages(transitions: readonly Transition[]): StageTimes {
  assertCompleted(transitions);
  const accepted = timeOf(transitions, 0, 'accepted');
  const burned = firstTime(transitions, (t) => t.hardcodedStatus === 'completed', 'hardcoded completed');
  return {
    totalMs: burned - accepted,
    backwardSteps: backwardSteps(transitions),
    stages: { burnIn: burned - accepted },
  };
}
