import type { OutputLanguage } from '../languages';
import { breakCost } from './break-cost';
import { type ShapingContext, shapingContext } from './shaping-context';
import { MAX_LINES } from './standards';
import { displayWidth } from './text-width';
import { joinTokens, type LineToken, tokensFromText } from './tokens';

/** How a cue's tokens are laid out on at most two lines (Netflix: at most 2 lines). */
export interface LineLayout {
  lines: string[];
  /** Index of the first token of the second line, or null for one line. */
  secondLineAt: number | null;
  cost: number;
  /** Every line within the limit, except a line holding one word wider than a line by itself. */
  fits: boolean;
}

/** Our choice: weights that make lines balanced, and bottom-heavy when the break points are equal. */
const BALANCE_WEIGHT = 4;
const TOP_HEAVY_COST = 0.5;
const OVERFLOW_COST = 100;
/** A word wider than a line overflows anyway; words glued to it (an article) may join it at this cost per unit. */
const BESIDE_LONG_WORD_COST = 1;

export function lineWidth(tokens: readonly LineToken[], context: ShapingContext): number {
  let width = 0;
  tokens.forEach((token, index) => {
    width += token.width + (index > 0 && token.spaceBefore ? context.spaceWidth : 0);
  });
  return width;
}

interface LineShape {
  width: number;
  /** Widest single token on the line. */
  widest: number;
}

/** Width past the limit that breaks the rule (hard) or that a word wider than a line forces (soft). */
function overflow(line: LineShape, maxWidth: number): { hard: number; soft: number } {
  if (line.widest > maxWidth) return { hard: 0, soft: line.width - line.widest };
  return { hard: Math.max(0, line.width - maxWidth), soft: 0 };
}

function shapeOf(tokens: readonly LineToken[], context: ShapingContext): LineShape {
  return { width: lineWidth(tokens, context), widest: Math.max(0, ...tokens.map((token) => token.width)) };
}

/** Shapes of the top and bottom line for every break position, computed once: O(n) instead of O(n²). */
function splitShapes(
  tokens: readonly LineToken[],
  context: ShapingContext,
): { top: LineShape; bottom: LineShape }[] {
  const before: LineShape[] = [{ width: 0, widest: 0 }];
  tokens.forEach((token, index) => {
    const previous = before[index] ?? { width: 0, widest: 0 };
    const space = index > 0 && token.spaceBefore ? context.spaceWidth : 0;
    before.push({
      width: previous.width + space + token.width,
      widest: Math.max(previous.widest, token.width),
    });
  });
  const total = before[tokens.length]?.width ?? 0;
  const widestAfter: number[] = [];
  for (let index = tokens.length - 1; index >= 0; index--) {
    widestAfter[index] = Math.max(widestAfter[index + 1] ?? 0, tokens[index]?.width ?? 0);
  }
  return tokens.map((token, at) => {
    const top = before[at] ?? { width: 0, widest: 0 };
    const space = token.spaceBefore ? context.spaceWidth : 0;
    return { top, bottom: { width: total - top.width - space, widest: widestAfter[at] ?? 0 } };
  });
}

function overflowCost(lines: readonly LineShape[], maxWidth: number): number {
  let cost = 0;
  for (const line of lines) {
    const { hard, soft } = overflow(line, maxWidth);
    cost += hard * OVERFLOW_COST + soft * BESIDE_LONG_WORD_COST;
  }
  return cost;
}

function twoLineCost(
  tokens: readonly LineToken[],
  at: number,
  shapes: { top: LineShape; bottom: LineShape },
  context: ShapingContext,
) {
  const maxWidth = context.profile.maxLineWidth;
  const { top, bottom } = shapes;
  const before = tokens[at - 1];
  const after = tokens[at];
  const cost = before && after ? breakCost(before, after, context) : 0;
  const balance = (Math.abs(top.width - bottom.width) / maxWidth) * BALANCE_WEIGHT;
  const topHeavy = top.width > bottom.width ? TOP_HEAVY_COST : 0;
  return cost + balance + topHeavy + overflowCost([top, bottom], maxWidth);
}

/** One line when it fits; otherwise the best of all two-line breaks. */
export function layoutLines(tokens: readonly LineToken[], context: ShapingContext): LineLayout {
  const maxWidth = context.profile.maxLineWidth;
  const whole = shapeOf(tokens, context);
  if (whole.width <= maxWidth || tokens.length < MAX_LINES) {
    return {
      lines: [joinTokens(tokens)],
      secondLineAt: null,
      cost: 0,
      fits: overflow(whole, maxWidth).hard === 0,
    };
  }
  const shapes = splitShapes(tokens, context);
  let best = { at: 1, cost: Number.POSITIVE_INFINITY };
  for (let at = 1; at < tokens.length; at++) {
    const shape = shapes[at];
    const cost = shape ? twoLineCost(tokens, at, shape, context) : Number.POSITIVE_INFINITY;
    if (cost < best.cost) best = { at, cost };
  }
  const chosen = shapes[best.at];
  const fits =
    chosen !== undefined &&
    overflow(chosen.top, maxWidth).hard + overflow(chosen.bottom, maxWidth).hard === 0;
  const lines = [joinTokens(tokens.slice(0, best.at)), joinTokens(tokens.slice(best.at))];
  return { lines, secondLineAt: best.at, cost: best.cost, fits };
}

/**
 * The width of one line of a cue when it breaks the language's line limit as the layout judges it
 * (`LineLayout.fits`), else null: a line holding one word wider than a line by itself is not over
 * the limit, since nothing can break it. Words come from `Intl.Segmenter` (not budoux): a phrase
 * wider than a line is split into its words anyway, and this runs in the browser.
 */
export function widthOverLimit(line: string, context: ShapingContext): number | null {
  const maxWidth = context.profile.maxLineWidth;
  // The text as typed is never narrower than its tokens (tags and repeated spaces drop out): most
  // lines are decided without segmenting them.
  if (displayWidth(line, context.profile.widthRule) <= maxWidth) return null;
  const shape = shapeOf(tokensFromText(line, context, 'word'), context);
  return overflow(shape, maxWidth).hard > 0 ? shape.width : null;
}

/** The text of a cue on one line, the way it is read (line breaks become spaces, or nothing in zh/ja/th). */
export function flattenCueText(text: string, context: ShapingContext): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (!context.unspaced) return lines.join(' ');
  return lines.reduce(
    (joined, line) =>
      LATIN_END.test(joined) && LATIN_START.test(line) ? `${joined} ${line}` : joined + line,
    '',
  );
}

const LATIN_END = /[\p{Script=Latin}\p{N}]$/u;
const LATIN_START = /^[\p{Script=Latin}\p{N}]/u;

/**
 * Tokens and layout of a cue's text: phrase tokens first; in zh, ja and th, word tokens when no
 * break between phrases fits.
 */
export function layoutText(
  text: string,
  context: ShapingContext,
): { tokens: LineToken[]; layout: LineLayout } {
  const flat = flattenCueText(text, context);
  const tokens = tokensFromText(flat, context);
  const layout = layoutLines(tokens, context);
  if (layout.fits || !context.unspaced) return { tokens, layout };
  const words = tokensFromText(flat, context, 'word');
  const byWords = layoutLines(words, context);
  return byWords.fits ? { tokens: words, layout: byWords } : { tokens, layout };
}

/** Re-breaks a cue's text into at most two natural lines; words stay as they are. */
export function breakCueText(text: string, context: ShapingContext): string {
  return layoutText(text, context).layout.lines.join('\n');
}

/** Public face of `breakCueText`: a cue's text on at most two natural lines for a language. */
export function breakLines(text: string, language: OutputLanguage): string {
  return breakCueText(text, shapingContext(language));
}
