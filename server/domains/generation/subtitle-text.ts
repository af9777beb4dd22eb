import type { OutputLanguage } from '../../../shared/languages';
import type { PlanId } from '../../../shared/plans';
import {
  applyReadingSpeedPlan,
  type Compliance,
  type Condensation,
  type Cue,
  condenseTargets,
  maxCharactersFor,
  planCap,
  reflowCues,
  type TimedWord,
  withCueTexts,
  wordsToCues,
} from '../../../shared/subtitles';
import type { Engines } from '../../engines/engines';
import type { GlossaryTerms } from '../../engines/llm';
import type { CondensationReport } from '../../engines/types';
import { PermanentFailure } from '../videos/failure';
import { joinGlossaryTerms } from './glossary-words';

export interface SubtitleTextRequest extends ShapeRequest {
  words: TimedWord[];
  audioStartSeconds: number;
}

/** The engines the text steps use. */
export type ShapingEngines = Pick<Engines, 'translator' | 'languageModel'>;

export interface ShapeRequest {
  /** The language the words are in (English after Whisper's translate task). */
  from: OutputLanguage;
  to: OutputLanguage;
  plan: PlanId;
  glossary?: GlossaryTerms;
  signal?: AbortSignal;
  /** 0–100 over translation and condensing. */
  onProgress?: (percent: number) => void;
}

function condensation(report: CondensationReport): Condensation {
  return {
    by: 'language-model',
    asked: report.asked,
    accepted: report.accepted,
    fallback: report.fallback.length,
    retries: report.retries,
  };
}

/** Translation in one pass with condensing where the translator can: each cue told the characters that fit. */
async function translated(engines: ShapingEngines, cues: Cue[], request: ShapeRequest) {
  const { from, to } = request;
  const translator = engines.translator;
  if (!translator)
    throw new PermanentFailure(
      `Translation from ${from} to ${to} is not available on this server.`,
      `shape: no translator configured for ${from} → ${to} (neither a Google key nor LLM_URL with LLM_MODEL)`,
    );
  const capCps = planCap(request.plan);
  const maxCharacters =
    translator.condensesToCap && capCps !== null
      ? cues.map((_, index) => maxCharactersFor(cues, index, capCps))
      : undefined;
  let report: CondensationReport | null = null;
  const texts = await translator.translate({
    texts: cues.map((cue) => cue.text.replace(/\n/g, ' ')),
    from,
    to,
    maxCharacters,
    glossary: request.glossary,
    signal: request.signal,
    onProgress: request.onProgress,
    onReport: (done) => {
      report = done;
    },
  });
  if (texts.length !== cues.length)
    throw new Error(`The translator answered ${texts.length} texts for ${cues.length} cues`);
  const result = reflowCues(
    cues.map((cue, index) => ({ ...cue, text: texts[index] ?? '' })),
    to,
  );
  return { cues: result, report: report as CondensationReport | null };
}

/** Cues over the cap shortened by the language model; what it could not fit is left to the rules. */
async function condensed(engines: ShapingEngines, cues: Cue[], request: ShapeRequest) {
  const model = engines.languageModel;
  const targets = condenseTargets(cues, { plan: request.plan, language: request.to });
  if (!model || targets.length === 0) return { cues, report: null };
  const answer = await model.condense({
    texts: cues.map((cue) => cue.text.replace(/\n/g, ' ')),
    targets,
    language: request.to,
    glossary: request.glossary,
    signal: request.signal,
    onProgress: request.onProgress,
  });
  return { cues: withCueTexts(cues, answer.texts, request.to), report: answer.report };
}

/**
 * Words to the finished cues of a generated SRT: cut into cues, translated when asked (and
 * condensed in the same pass by a language model), else condensed alone by it, then the
 * reading-speed plan, whose rule-based condenser takes every cue still over the cap.
 */
export function subtitleText(
  engines: Engines,
  request: SubtitleTextRequest,
): Promise<{ cues: Cue[]; compliance: Compliance }> {
  const terms = [
    ...(request.glossary?.keep ?? []),
    ...(request.glossary?.fixed ?? []).map(({ term }) => term),
  ];
  const cues = wordsToCues(joinGlossaryTerms(request.words, terms), {
    language: request.from,
    audioStartSeconds: request.audioStartSeconds,
  });
  return shapeCues(engines, cues, request);
}

/** Cues in the spoken language to the finished cues (see subtitleText). */
export async function shapeCues(
  engines: ShapingEngines,
  cues: Cue[],
  request: ShapeRequest,
): Promise<{ cues: Cue[]; compliance: Compliance }> {
  let shaped: { cues: Cue[]; report: CondensationReport | null };
  if (request.from === request.to) shaped = await condensed(engines, cues, request);
  else {
    const translation = await translated(engines, cues, request);
    // Google translates without a cap: the language model, when there is one, condenses after it.
    shaped = translation.report ? translation : await condensed(engines, translation.cues, request);
  }
  const planned = applyReadingSpeedPlan(shaped.cues, { plan: request.plan, language: request.to });
  const compliance = shaped.report
    ? { ...planned.compliance, condensation: condensation(shaped.report) }
    : planned.compliance;
  return { cues: planned.cues, compliance };
}
