import { characterCount } from '../../../shared/subtitles';
import { LanguageModelRefused, type TranslationRequest } from '../types';
import { contentProblem, type ParsedAnswer, parseCueAnswer, translationProblem } from './answers';
import { cueGroups, forEachBounded, neighbours } from './batches';
import type { ChatClient } from './chat-client';
import { cueMessages, type GlossaryTerms, NO_GLOSSARY } from './prompts';

export interface BatchLimits {
  /** Cues per request. */
  size: number;
  /** Characters of cue text per request. */
  maxCharacters: number;
  /** Requests of one video at once (LLM_CONCURRENCY). */
  concurrency: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { size: 12, maxCharacters: 1_500, concurrency: 2 };

/** An entry for a cue nobody asked about means the answer may be shifted: none of it is trusted. */
function withoutStrangers(answer: ParsedAnswer, group: readonly number[]): ParsedAnswer {
  if (!answer.ok) return answer;
  const asked = new Set(group.map((index) => index + 1));
  const stranger = [...answer.texts.keys()].find((id) => !asked.has(id));
  return stranger === undefined
    ? answer
    : { ok: false, reason: `the answer has an entry for id ${stranger}, which was not asked` };
}

/** Fewer problems is better: a dropped number or glossary term weighs more than a cue over its cap. */
function weight(problem: string | null): number {
  if (problem === null) return 0;
  return problem.startsWith('your answer left out') ? 2 : 1;
}

/**
 * Cue texts through a chat model, in groups with their neighbours as context. Every answer is
 * checked per cue (one entry, not empty, the target's script, not the source): a group with bad
 * entries is asked again in smaller groups, down to the cue alone, and a cue that fails alone twice
 * fails the translation, never a shifted or missing subtitle. A usable answer that dropped a number
 * or glossary term, or missed its cap, is asked again once with the figure it missed.
 */
export async function translateWithModel(
  client: ChatClient,
  request: TranslationRequest,
  limits: BatchLimits,
): Promise<string[]> {
  const { texts, from, to } = request;
  const glossary: GlossaryTerms = request.glossary ?? NO_GLOSSARY;
  const keepTerms = glossary.keep;
  const maxOf = (index: number) => request.maxCharacters?.[index] ?? null;
  const result: (string | undefined)[] = new Array(texts.length);
  let retries = 0;

  async function ask(group: readonly number[], problems: ReadonlyMap<number, string>, signal: AbortSignal) {
    const content = await client.complete(
      cueMessages({
        task: 'translate',
        from,
        to,
        glossary,
        ...neighbours(texts, group),
        cues: group.map((index) => ({
          id: index + 1,
          text: texts[index] ?? '',
          ...(maxOf(index) !== null ? { max_characters: maxOf(index) ?? undefined } : {}),
          ...(problems.has(index) ? { problem: problems.get(index) } : {}),
        })),
      }),
      signal,
    );
    return parseCueAnswer(content);
  }

  async function translateGroup(
    group: readonly number[],
    problems: ReadonlyMap<number, string>,
    alone: boolean,
    signal: AbortSignal,
  ): Promise<void> {
    const answer = withoutStrangers(await ask(group, problems, signal), group);
    const failed = new Map<number, string>();
    for (const index of group) {
      const source = texts[index] ?? '';
      const answers = answer.ok ? answer.texts.get(index + 1) : undefined;
      const problem = answer.ok ? translationProblem(source, answers, to, keepTerms) : answer.reason;
      if (problem) failed.set(index, problem);
      else result[index] = answers?.[0]?.trim();
    }
    if (failed.size === 0) return;
    retries += 1;
    if (group.length === 1) {
      const [index, problem] = [...failed][0] ?? [0, ''];
      if (alone)
        throw new LanguageModelRefused(
          `The language model could not translate cue ${index + 1} into ${to}: ${problem}`,
        );
      return translateGroup(group, failed, true, signal);
    }
    const smaller = Math.ceil(group.length / 2);
    const bad = [...failed.keys()];
    for (let start = 0; start < bad.length; start += smaller) {
      await translateGroup(bad.slice(start, start + smaller), failed, false, signal);
    }
  }

  const all = texts.map((_, index) => index);
  const groups = cueGroups(all, (index) => texts[index] ?? '', limits);
  let done = 0;
  await forEachBounded(
    groups,
    limits.concurrency,
    async (group, signal) => {
      await translateGroup(group, new Map(), false, signal);
      await askAgainForContent(group, signal);
      done += 1;
      request.onProgress?.((done / groups.length) * 100);
    },
    request.signal,
  );

  /** One more request for the cues whose translation dropped content or missed its cap. */
  async function askAgainForContent(group: readonly number[], signal: AbortSignal) {
    const problems = new Map<number, string>();
    for (const index of group) {
      const problem = contentProblem(texts[index] ?? '', result[index] ?? '', maxOf(index), glossary);
      if (problem) problems.set(index, problem);
    }
    if (problems.size === 0) return;
    retries += 1;
    const answer = await ask([...problems.keys()], problems, signal);
    if (!answer.ok) return;
    for (const [index, before] of problems) {
      const answers = answer.texts.get(index + 1);
      if (translationProblem(texts[index] ?? '', answers, to, keepTerms) !== null) continue;
      const text = answers?.[0]?.trim() ?? '';
      if (weight(contentProblem(texts[index] ?? '', text, maxOf(index), glossary)) < weight(before))
        result[index] = text;
    }
  }

  const translated = result.map((text, index) => {
    if (text === undefined)
      throw new LanguageModelRefused(`The language model left cue ${index + 1} untranslated`);
    return text;
  });
  const capped = all.filter((index) => maxOf(index) !== null);
  const fallback = capped.filter((index) => characterCount(translated[index] ?? '') > (maxOf(index) ?? 0));
  request.onReport?.({ asked: capped.length, accepted: capped.length - fallback.length, fallback, retries });
  return translated;
}
