import { readFile } from 'node:fs/promises';
import { shapeCues } from '../../server/domains/generation/subtitle-text';
import { onSourceTiming } from '../../server/domains/languages/translation';
import type { Translator } from '../../server/engines/types';
import type { PlanId } from '../../shared/plans';
import { parseSrt, writeSrt } from '../../shared/subtitles';

export interface AddLanguageMeasurements {
  seconds: number;
  cues: number;
  plan: PlanId;
  /** Wall time of each translation's own work, ms. */
  ms: number[];
}

/**
 * An engine that answers at once, so what is timed is the product's work alone: each text tagged as
 * the local fake model tags a Latin-script translation, a little longer than its source (French runs
 * longer than English), so the plan has cues to condense.
 */
const INSTANT: Translator = {
  name: 'instant',
  translate: async (request) => request.texts.map((text) => `fr: ${text} ${text.split(' ')[0] ?? ''}`),
};

/**
 * A language added to a video (issue 40), everything but the engine's answers: the own SRT read, the
 * texts sent and the answers applied, reflowed, shaped to the plan, put back on the source cues'
 * timing and written as the new language's SRT (server/domains/languages/translation.ts, without its
 * two database transactions).
 */
export async function measureAddLanguage(
  input: { srt: string; seconds: number },
  options: { repeats: number; plan: PlanId },
): Promise<AddLanguageMeasurements> {
  const ms: number[] = [];
  let cues = 0;
  for (let repeat = 0; repeat < options.repeats; repeat++) {
    const started = performance.now();
    const source = parseSrt(await readFile(input.srt, 'utf8'));
    const shaped = await shapeCues({ translator: INSTANT, languageModel: null }, source, {
      from: 'en',
      to: 'fr',
      plan: options.plan,
    });
    const srt = writeSrt(onSourceTiming(source, shaped.cues));
    ms.push(performance.now() - started);
    cues = source.length;
    if (srt.length === 0) throw new Error('the translation wrote nothing');
  }
  return { seconds: input.seconds, cues, plan: options.plan, ms };
}
