/**
 * Quality evaluation of the language model of LLM_URL / LLM_MODEL: the dense samples of
 * shared/subtitles/fixtures (English, Dutch, German, Spanish) through each reading-speed plan, in
 * their own language (condensing alone) and over a few language pairs (translating and condensing
 * in one pass). Prints per run the share of cues within the cap, the mean characters per second,
 * the content words kept (numbers, names, glossary terms) and the retries.
 * `npm run eval:llm`. Without an endpoint it says so and exits 0, printing no figure.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../server/config';
import { shapeCues } from '../server/domains/generation/subtitle-text';
import { createLanguageModel } from '../server/engines/llm';
import type { GlossaryTerms } from '../server/engines/llm/prompts';
import type { InputLanguage, OutputLanguage } from '../shared/languages';
import type { PlanId } from '../shared/plans';
import { type Cue, parseSrt, reflowCues } from '../shared/subtitles';

/** The dense samples beside shared/subtitles' tests. */
const FIXTURES = new URL('../shared/subtitles/fixtures/', import.meta.url);

const SAMPLES: InputLanguage[] = ['en', 'nl', 'de', 'es'];
const PLANS: PlanId[] = ['20', '17', '15'];
/** Besides each sample in its own language. */
const PAIRS: [InputLanguage, OutputLanguage][] = [
  ['en', 'nl'],
  ['nl', 'de'],
  ['de', 'en'],
  ['es', 'ja'],
];
/** The samples' names, kept as written in every language (as a company's glossary would). */
const GLOSSARY: GlossaryTerms = { keep: ['Berlin', 'Maria'], fixed: [] };

function sample(language: InputLanguage): Cue[] {
  const file = new URL(`dense-${language}.srt`, FIXTURES);
  return reflowCues(parseSrt(readFileSync(file, 'utf8')), language);
}

/** Numbers and glossary terms of the source, and of those, the ones the result still has. */
function contentKept(source: readonly Cue[], result: readonly Cue[]): { kept: number; total: number } {
  const before = source.map((cue) => cue.text).join(' ');
  const after = result.map((cue) => cue.text.replace(/\n/g, ' ')).join(' ');
  const words = [...(before.match(/\d+/g) ?? []), ...GLOSSARY.keep.filter((term) => before.includes(term))];
  return { kept: words.filter((word) => after.includes(word)).length, total: words.length };
}

const config = loadConfig();
if (!config.LLM_URL || !config.LLM_MODEL) {
  process.stdout.write('eval:llm did not run: LLM_URL and LLM_MODEL are not set.\n');
  process.stdout.write('No figures were measured. Point LLM_URL at an OpenAI-compatible endpoint (…/v1).\n');
  process.exit(0);
}

const model = createLanguageModel({
  url: config.LLM_URL,
  model: config.LLM_MODEL,
  apiKey: config.LLM_API_KEY,
  limits: { concurrency: config.LLM_CONCURRENCY },
});
const engines = { translator: model, languageModel: model };
const runs: [InputLanguage, OutputLanguage][] = [
  ...SAMPLES.map((language) => [language, language] as [InputLanguage, OutputLanguage]),
  ...PAIRS,
];

process.stdout.write(`eval:llm against ${config.LLM_MODEL} at ${config.LLM_URL}\n\n`);
process.stdout.write(
  '| sample | to | plan | within cap | mean cps | content kept | retries | rules fallback |\n',
);
process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- |\n');
let failures = 0;
for (const [from, to] of runs) {
  const source = sample(from);
  for (const plan of PLANS) {
    try {
      const result = await shapeCues(engines, source, { from, to, plan, glossary: GLOSSARY });
      const { compliance } = result;
      const content = contentKept(source, result.cues);
      const condensation = compliance.condensation;
      process.stdout.write(
        `| ${from} | ${to} | ${plan} | ${(compliance.shareWithinCap * 100).toFixed(0)}% | ${compliance.meanCps.toFixed(1)} | ${content.kept}/${content.total} | ${condensation?.retries ?? 0} | ${condensation?.fallback ?? 0} |\n`,
      );
    } catch (error) {
      failures += 1;
      process.stdout.write(
        `| ${from} | ${to} | ${plan} | failed: ${error instanceof Error ? error.message : String(error)} | | | | |\n`,
      );
    }
  }
}
process.exit(failures > 0 ? 1 : 0);
