import { useMemo, useRef, useState } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import type { PlanId } from '../../../../shared/plans';
import {
  cueProblems,
  type EditorDoc,
  OWN_SUBTITLES_CPS,
  type Problem,
  problemSummary,
  RULE_IDS,
  type RuleId,
  readingSpeedLimit,
} from '../../../../shared/subtitles/editor';

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

/**
 * The rules the cues are held to and what each breaks. A user's own subtitles have no plan: they are
 * held to a reading speed chosen in the editor (`ownCps`).
 */
export function useCueProblems(
  doc: EditorDoc,
  video: { plan: PlanId | null; language: OutputLanguage },
  fps: number,
  shotChangesMs: readonly number[],
) {
  const [ownCps, setOwnCps] = useState(OWN_SUBTITLES_CPS);
  const { plan, language } = video;
  const rules = useMemo(
    () => ({ plan, ownCps, language, fps, shotChangesMs }),
    [plan, ownCps, language, fps, shotChangesMs],
  );
  // O(n) with each cue's own checks cached: after a keystroke only the typed cue is measured again.
  const problems = useMemo(() => cueProblems(doc, rules), [doc, rules]);
  const messages = useProblemMessages(problems);
  const summary = useProblemSummary(problems);
  return { ownCps, setOwnCps, capCps: readingSpeedLimit(rules), problems, messages, summary };
}
