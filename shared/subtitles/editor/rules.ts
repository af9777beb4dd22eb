/**
 * The editor's checks: the rules of SUBTITLE-STYLE.md, judged with the same functions and numbers as
 * the server's shaping, so a cue the shaping calls compliant shows no problem here.
 *
 * - cps: characters per second over the limit (`isWithinCap`, with its rounding tolerance). Generated
 *   subtitles are held to their plan's cap ('full-text' caps nothing); the user's own SRT (plan null)
 *   to the reading speed the editor chose (`ownCps`), by default `OWN_SUBTITLES_CPS`.
 * - lineLength, lineCount: the lines `writeSrt` would write (trimmed, blank lines dropped), within
 *   the width of the cue's language (its script's, `cueLanguage`) as the layout measures it (`widthOverLimit`) and at most `MAX_LINES`.
 * - minDuration, maxDuration: `MIN_CUE_MS`, `MAX_CUE_MS`.
 * - overlap, gap: against the cue before (the one ending latest among earlier cues); the gap must be
 *   at least `MIN_GAP_MS`, the product's figure for 2 frames, also when `fps` is known (at 24 fps
 *   2 frames are 83 ms, and the shaping keeps 80 ms); `fps` only words the message in frames.
 *   Both are reported on the later cue.
 * - shotChange: an edge within 12 frames of a shot change (`shotChangesMs`) and not at its place
 *   there, a start on it and an end 2 frames before it (snapping.ts, Netflix's timing guidelines).
 *
 * Cues without text are not judged on cps and lines (`writeSrt` leaves them out).
 * Cost: O(n). The checks of one cue depend only on it and the context and are cached per cue object;
 * operations keep unchanged cues as the same objects, so after a keystroke one cue is measured again.
 */
import type { OutputLanguage } from '../../languages';
import type { PlanId } from '../../plans';
import { planCap } from '../compliance';
import { widthOverLimit } from '../line-breaking';
import { charactersPerSecond, isWithinCap } from '../reading-speed';
import { cueLanguage } from '../scripts';
import { shapingContext } from '../shaping-context';
import { cleanCueText } from '../srt-write';
import { MAX_CUE_MS, MAX_LINES, MIN_CUE_MS, MIN_GAP_MS } from '../standards';
import type { EditorCue, EditorDoc } from './model';
import { framesApart, shotChangeNear, shotChangePoint } from './snapping';

/** The frame rate an unknown one is taken for (PAL, the editor's default too). */
const DEFAULT_FPS = 25;

export const RULE_IDS = [
  'cps',
  'lineLength',
  'lineCount',
  'minDuration',
  'maxDuration',
  'overlap',
  'gap',
  'shotChange',
] as const;

export type RuleId = (typeof RULE_IDS)[number];

export interface Problem {
  rule: RuleId;
  cueId: string;
  /** The figure against the limit, e.g. "23.4 cps > 17", "45 characters > 42 in line 1". */
  message: string;
}

/** Netflix's English template (SUBTITLE-STYLE.md): adults read 17 characters per second. */
export const OWN_SUBTITLES_CPS = 17;

export interface RuleContext {
  /** Null for the user's own SRT, held to `ownCps` instead. */
  plan: PlanId | null;
  /** The reading speed a user's own SRT is held to; `OWN_SUBTITLES_CPS` when not given. */
  ownCps?: number;
  language: OutputLanguage;
  /** Frames per second of the video, to word gaps in frames. */
  fps?: number;
  /** The video's shot changes in ms, ascending (judged at 25 fps when `fps` is unknown). */
  shotChangesMs?: readonly number[];
}

/** The characters per second a cue may reach; null when nothing caps it ('full-text'). */
export function readingSpeedLimit(context: Pick<RuleContext, 'plan' | 'ownCps'>): number | null {
  return context.plan === null ? (context.ownCps ?? OWN_SUBTITLES_CPS) : planCap(context.plan);
}

/** `value` with the fewest decimals (from `least` up to 3) that still tell it apart from `limit`. */
function figure(value: number, limit: number, least = 1): string {
  const trim = (digits: number, number: number) => String(Number(number.toFixed(digits)));
  for (let digits = least; digits < 3; digits++) {
    const text = trim(digits, value);
    if (text !== trim(digits, limit) && Number(text) !== limit) return text;
  }
  return trim(3, value);
}

/** A duration and its limit in seconds, e.g. "0.6 s < 0.83 s"; three decimals when two look the same. */
function durationMessage(ms: number, sign: '<' | '>', limitMs: number): string {
  const inSeconds = (value: number, digits: number) => String(Number((value / 1000).toFixed(digits)));
  const digits = inSeconds(ms, 2) === inSeconds(limitMs, 2) ? 3 : 2;
  return `${inSeconds(ms, digits)} s ${sign} ${inSeconds(limitMs, digits)} s`;
}

function plural(text: string, unit: string): string {
  return `${text} ${unit}${text === '1' ? '' : 's'}`;
}

interface CueRules {
  capCps: number | null;
  /** The file's; each cue is measured in its own script's (cueLanguage, issue 35). */
  language: OutputLanguage;
}

/** The checks that depend on one cue alone. */
function ownProblems(cue: EditorCue, rules: CueRules): Problem[] {
  const problems: Problem[] = [];
  const add = (rule: RuleId, message: string) => problems.push({ rule, cueId: cue.id, message });
  const text = cleanCueText(cue.text);
  if (text.length > 0) {
    if (rules.capCps !== null && !isWithinCap(cue, rules.capCps)) {
      add('cps', `${figure(charactersPerSecond(cue), rules.capCps)} cps > ${rules.capCps}`);
    }
    const context = shapingContext(cueLanguage(text, rules.language));
    const maxWidth = context.profile.maxLineWidth;
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      const width = widthOverLimit(line, context);
      if (width !== null) {
        add(
          'lineLength',
          `${plural(figure(width, maxWidth), 'character')} > ${maxWidth} in line ${index + 1}`,
        );
      }
    });
    if (lines.length > MAX_LINES) add('lineCount', `${lines.length} lines > ${MAX_LINES}`);
  }
  const duration = cue.endMs - cue.startMs;
  if (duration < MIN_CUE_MS) add('minDuration', durationMessage(duration, '<', MIN_CUE_MS));
  if (duration > MAX_CUE_MS) add('maxDuration', durationMessage(duration, '>', MAX_CUE_MS));
  return problems;
}

/** Checks of one cue by cue object, for the rules they were made with. */
const cache = new WeakMap<EditorCue, { rules: CueRules; problems: Problem[] }>();

function cachedOwnProblems(cue: EditorCue, rules: CueRules): Problem[] {
  const known = cache.get(cue);
  if (known && known.rules.capCps === rules.capCps && known.rules.language === rules.language) {
    return known.problems;
  }
  const problems = ownProblems(cue, rules);
  cache.set(cue, { rules, problems });
  return problems;
}

function gapMessage(gapMs: number, fps: number | undefined): string {
  if (fps === undefined || !(fps > 0)) return `gap ${gapMs} ms < ${MIN_GAP_MS} ms`;
  const frames = (ms: number) => (ms * fps) / 1000;
  const minimum = figure(frames(MIN_GAP_MS), 0);
  return `gap ${plural(figure(frames(gapMs), frames(MIN_GAP_MS)), 'frame')} < ${minimum} frames`;
}

function frameWord(frames: number, where: string): string {
  return frames === 0 ? 'on a shot change' : `${plural(String(frames), 'frame')} ${where} a shot change`;
}

/** The cue's edges near a shot change and not at their place there (a few per cue at most). */
function shotChangeProblems(cue: EditorCue, shotChangesMs: readonly number[], fps: number): Problem[] {
  const problems: Problem[] = [];
  const context = { fps, shotChangesMs };
  for (const [edge, word] of [
    ['startMs', 'starts'],
    ['endMs', 'ends'],
  ] as const) {
    const shot = shotChangeNear(cue[edge], context);
    if (shot === null || framesApart(cue[edge], shotChangePoint(shot, edge, fps), fps) === 0) continue;
    const frames = framesApart(cue[edge], shot, fps);
    const where = cue[edge] < shot ? 'before' : 'after';
    problems.push({ rule: 'shotChange', cueId: cue.id, message: `${word} ${frameWord(frames, where)}` });
  }
  return problems;
}

/** Problems by cue id, in the order of the document; cues without problems have no entry. */
export function cueProblems(doc: EditorDoc, context: RuleContext): Map<string, Problem[]> {
  const rules: CueRules = {
    capCps: readingSpeedLimit(context),
    language: context.language,
  };
  const problems = new Map<string, Problem[]>();
  let latestEnd: { endMs: number; number: number } | null = null;
  doc.forEach((cue, index) => {
    const found = [...cachedOwnProblems(cue, rules)];
    if (latestEnd) {
      const gapMs = cue.startMs - latestEnd.endMs;
      if (gapMs < 0)
        found.push({ rule: 'overlap', cueId: cue.id, message: `overlaps cue ${latestEnd.number}` });
      else if (gapMs < MIN_GAP_MS)
        found.push({ rule: 'gap', cueId: cue.id, message: gapMessage(gapMs, context.fps) });
    }
    if (context.shotChangesMs?.length)
      found.push(...shotChangeProblems(cue, context.shotChangesMs, context.fps || DEFAULT_FPS));
    if (!latestEnd || cue.endMs >= latestEnd.endMs) latestEnd = { endMs: cue.endMs, number: index + 1 };
    if (found.length > 0) problems.set(cue.id, found);
  });
  return problems;
}

export function problemSummary(problems: Map<string, Problem[]>): Record<RuleId, number> {
  const summary = Object.fromEntries(RULE_IDS.map((rule) => [rule, 0])) as Record<RuleId, number>;
  for (const list of problems.values()) for (const problem of list) summary[problem.rule] += 1;
  return summary;
}

/**
 * The first cue after `afterId` (null or unknown: from the start) that has a problem, in the order
 * of the document, wrapping round to the start; null when no cue has one.
 */
export function nextProblem(
  doc: EditorDoc,
  problems: Map<string, Problem[]>,
  afterId: string | null,
): string | null {
  if (problems.size === 0 || doc.length === 0) return null;
  const from = afterId === null ? -1 : doc.findIndex((cue) => cue.id === afterId);
  for (let step = 1; step <= doc.length; step++) {
    const cue = doc[(from + step + doc.length) % doc.length];
    if (cue && (problems.get(cue.id)?.length ?? 0) > 0) return cue.id;
  }
  return null;
}
