import { type Granularity, segmentText, type TextPiece } from './phrase-segmentation';
import type { ShapingContext } from './shaping-context';
import { displayWidth, visibleText } from './text-width';

/** The smallest unit a line or cue may break around: a word, or a phrase in zh, ja and th. */
export interface LineToken {
  text: string;
  spaceBefore: boolean;
  width: number;
}

export interface Token extends LineToken {
  startMs: number;
  endMs: number;
}

/** A recognised word in whole milliseconds on the video's clock. */
export interface WordTiming {
  text: string;
  startMs: number;
  endMs: number;
}

const PUNCTUATION_ONLY = /^[\p{P}\p{S}]+$/u;
/** French puts a (no-break) space before ? ! : ; and ». */
const FRENCH_SPACED_PUNCTUATION = /^[?!:;»]/;

function lineToken(piece: Pick<TextPiece, 'text' | 'spaceBefore'>, context: ShapingContext): LineToken {
  const width = displayWidth(visibleText(piece.text), context.profile.widthRule);
  return { text: piece.text, spaceBefore: piece.spaceBefore, width };
}

export function tokensFromText(
  text: string,
  context: ShapingContext,
  granularity: Granularity = 'phrase',
): LineToken[] {
  return segmentText(text, context.profile, granularity).map((piece) => lineToken(piece, context));
}

/** Joins tokens into the text of one line. */
export function joinTokens(tokens: readonly LineToken[]): string {
  return tokens
    .map((token, index) => (index > 0 && token.spaceBefore ? ` ${token.text}` : token.text))
    .join('');
}

export function tokensFromWords(words: readonly WordTiming[], context: ShapingContext): Token[] {
  return context.unspaced ? unspacedTokens(words, context) : spacedTokens(words, context);
}

/** Words as tokens; punctuation the recogniser gave as a word of its own joins the word before. */
function spacedTokens(words: readonly WordTiming[], context: ShapingContext): Token[] {
  const tokens: Token[] = [];
  for (const word of words) {
    const text = word.text.trim();
    const previous = tokens.at(-1);
    if (text.length === 0) continue;
    if (previous && PUNCTUATION_ONLY.test(text)) {
      const glue = context.profile.language === 'fr' && FRENCH_SPACED_PUNCTUATION.test(text) ? '\u00A0' : '';
      const joined = `${previous.text}${glue}${text}`;
      tokens[tokens.length - 1] = {
        ...previous,
        ...lineToken({ text: joined, spaceBefore: previous.spaceBefore }, context),
      };
      continue;
    }
    const token = lineToken({ text, spaceBefore: tokens.length > 0 }, context);
    tokens.push({ ...token, startMs: word.startMs, endMs: word.endMs });
  }
  return tokens;
}

interface CharacterTime {
  startMs: number;
  endMs: number;
}

/** Joins the words of a language without spaces, then re-segments into phrases timed by their characters. */
function unspacedTokens(words: readonly WordTiming[], context: ShapingContext): Token[] {
  let text = '';
  const times: CharacterTime[] = [];
  for (const word of words) {
    const piece = word.text.trim();
    if (piece.length === 0) continue;
    if (text.length > 0 && (/^\s/.test(word.text) || bothLatin(text, piece))) {
      text += ' ';
      times.push({ startMs: word.startMs, endMs: word.startMs });
    }
    const share = (word.endMs - word.startMs) / piece.length;
    for (let index = 0; index < piece.length; index++) {
      times.push({ startMs: word.startMs + share * index, endMs: word.startMs + share * (index + 1) });
    }
    text += piece;
  }
  return segmentText(text, context.profile).map((piece) => {
    const first = times[piece.index];
    const last = times[piece.index + piece.text.length - 1];
    const startMs = Math.round(first?.startMs ?? 0);
    return { ...lineToken(piece, context), startMs, endMs: Math.round(last?.endMs ?? startMs) };
  });
}

function bothLatin(before: string, after: string): boolean {
  return /[\p{Script=Latin}\p{N}]$/u.test(before) && /^[\p{Script=Latin}\p{N}]/u.test(after);
}
