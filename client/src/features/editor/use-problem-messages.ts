import { useMemo, useRef } from 'react';
import { type Problem, problemSummary, RULE_IDS, type RuleId } from '../../../../shared/subtitles/editor';

const sameMessages = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((message, index) => message === b[index]);

/**
 * Each cue's problem messages by cue id, kept as the same array while they read the same, so a row
 * compares them by identity and only a cue whose problems changed is drawn again.
 */
export function useProblemMessages(problems: Map<string, Problem[]>): ReadonlyMap<string, readonly string[]> {
  const previous = useRef<ReadonlyMap<string, readonly string[]>>(new Map());
  return useMemo(() => {
    const next = new Map<string, readonly string[]>();
    for (const [id, list] of problems) {
      const messages = list.map((problem) => problem.message);
      const before = previous.current.get(id);
      next.set(id, before && sameMessages(before, messages) ? before : messages);
    }
    previous.current = next;
    return next;
  }, [problems]);
}

/** How many problems each rule has, as the same object while the counts stay the same. */
export function useProblemSummary(problems: Map<string, Problem[]>): Record<RuleId, number> {
  const previous = useRef<Record<RuleId, number> | null>(null);
  return useMemo(() => {
    const next = problemSummary(problems);
    const before = previous.current;
    if (before && RULE_IDS.every((rule) => before[rule] === next[rule])) return before;
    previous.current = next;
    return next;
  }, [problems]);
}
