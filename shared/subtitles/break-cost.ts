import { endsClause, endsSentence, type ShapingContext, wordCore } from './shaping-context';
import type { LineToken } from './tokens';

/**
 * Cost of breaking a line or a cue between two tokens, after the Netflix line-break rules
 * (SUBTITLE-STYLE.md): break after punctuation, before conjunctions and prepositions; never split an
 * article, pronoun, auxiliary or negation from what follows, nor first name from last name.
 * The weights are our choice; they only need to rank the candidates.
 */
export const BREAK_COST = {
  sentenceEnd: 0,
  clauseEnd: 1,
  /** A space in text without spaces between words (th) marks a clause. */
  spaceInUnspaced: 1,
  beforeConnective: 3,
  betweenPhrases: 4,
  betweenWords: 6,
  keepTogether: 20,
  name: 10,
} as const;

function startsWithConnective(token: LineToken, context: ShapingContext): boolean {
  if (!context.unspaced) return context.breakBefore.has(wordCore(token.text));
  for (const connective of context.breakBefore) if (token.text.startsWith(connective)) return true;
  return false;
}

function baseCost(before: LineToken, after: LineToken, context: ShapingContext): number {
  if (endsSentence(before.text, context)) return BREAK_COST.sentenceEnd;
  if (endsClause(before.text)) return BREAK_COST.clauseEnd;
  if (context.unspaced && after.spaceBefore) return BREAK_COST.spaceInUnspaced;
  if (startsWithConnective(after, context)) return BREAK_COST.beforeConnective;
  return context.unspaced ? BREAK_COST.betweenPhrases : BREAK_COST.betweenWords;
}

const CAPITALISED = /^[\p{Lu}][\p{Ll}\p{M}'’-]+$/u;

/** Two capitalised words in a row, neither ending a clause: probably a first and last name. */
function looksLikeName(before: LineToken, after: LineToken): boolean {
  return CAPITALISED.test(before.text) && CAPITALISED.test(after.text.replace(/[^\p{L}\p{M}'’-]+$/u, ''));
}

/** Cue segmentation asks for the cost between the same two tokens many times: remember it per pair. */
const remembered = new WeakMap<LineToken, { after: LineToken; context: ShapingContext; cost: number }>();

export function breakCost(before: LineToken, after: LineToken, context: ShapingContext): number {
  const known = remembered.get(before);
  if (known && known.after === after && known.context === context) return known.cost;
  const cost = computeBreakCost(before, after, context);
  remembered.set(before, { after, context, cost });
  return cost;
}

function computeBreakCost(before: LineToken, after: LineToken, context: ShapingContext): number {
  let cost = baseCost(before, after, context);
  if (cost <= BREAK_COST.clauseEnd) return cost;
  if (context.keepWithNext.has(wordCore(before.text))) cost += BREAK_COST.keepTogether;
  if (context.keepWithPrevious.has(wordCore(after.text))) cost += BREAK_COST.keepTogether;
  if (!context.unspaced && looksLikeName(before, after)) cost += BREAK_COST.name;
  return cost;
}
