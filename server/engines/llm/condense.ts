import { checkCondensedText } from '../../../shared/subtitles';
import type { CondenseCuesRequest, CondensedCues } from '../types';
import { contentProblem, type ParsedAnswer, parseCueAnswer } from './answers';
import { cueGroups, forEachBounded, neighbours } from './batches';
import type { ChatClient } from './chat-client';
import { cueMessages, NO_GLOSSARY } from './prompts';
import type { BatchLimits } from './translate';

/**
 * Cues over a reading-speed cap shortened by a chat model, in groups with their neighbours as
 * context. An answer is used only when it passes the plan's checks (shorter, same script, no new
 * words) and keeps within the cap with its numbers and glossary terms; a cue whose answer fails is
 * asked again once with what it missed, then left to the rule-based condenser.
 */
export async function condenseWithModel(
  client: ChatClient,
  request: CondenseCuesRequest,
  limits: BatchLimits,
): Promise<CondensedCues> {
  const { texts, language } = request;
  const glossary = request.glossary ?? NO_GLOSSARY;
  const maxOf = new Map(request.targets.map((target) => [target.index, target.maxCharacters]));
  const accepted = new Map<number, string>();
  let retries = 0;

  const ask = async (group: readonly number[], problems: ReadonlyMap<number, string>, signal: AbortSignal) =>
    parseCueAnswer(
      await client.complete(
        cueMessages({
          task: 'condense',
          from: language,
          to: language,
          glossary,
          ...neighbours(texts, group),
          cues: group.map((index) => ({
            id: index + 1,
            text: texts[index] ?? '',
            max_characters: maxOf.get(index),
            ...(problems.has(index) ? { problem: problems.get(index) } : {}),
          })),
        }),
        signal,
      ),
    );

  function problemOf(index: number, answer: ParsedAnswer): string | null {
    if (!answer.ok) return answer.reason;
    const answers = answer.texts.get(index + 1) ?? [];
    if (answers.length !== 1)
      return answers.length === 0
        ? 'the answer has no entry for this cue'
        : 'the answer has more than one entry for this cue';
    const source = texts[index] ?? '';
    const verdict = checkCondensedText(source, answers[0] ?? '', language);
    if (!verdict.accepted) return verdict.reason;
    const problem = contentProblem(source, verdict.text, maxOf.get(index) ?? null, glossary);
    if (problem) return problem;
    accepted.set(index, verdict.text);
    return null;
  }

  const groups = cueGroups(
    request.targets.map((target) => target.index),
    (index) => texts[index] ?? '',
    limits,
  );
  let done = 0;
  await forEachBounded(
    groups,
    limits.concurrency,
    async (group, signal) => {
      const first = await ask(group, new Map(), signal);
      const problems = new Map<number, string>();
      for (const index of group) {
        const problem = problemOf(index, first);
        if (problem) problems.set(index, problem);
      }
      if (problems.size > 0) {
        retries += 1;
        const second = await ask([...problems.keys()], problems, signal);
        for (const index of problems.keys()) problemOf(index, second);
      }
      done += 1;
      request.onProgress?.((done / groups.length) * 100);
    },
    request.signal,
  );
  const fallback = request.targets.map((target) => target.index).filter((index) => !accepted.has(index));
  return {
    texts: accepted,
    report: { asked: request.targets.length, accepted: accepted.size, fallback, retries },
  };
}
