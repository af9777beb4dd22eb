import type { OutputLanguage } from '../languages';
import type { PhrasePair } from './data/index';
import { type ShapingContext, shapingContext } from './shaping-context';
import {
  core,
  type DropOptions,
  dropPieces,
  endsSentencePiece,
  joinPieces,
  matchesAt,
  replacePieces,
  splitPieces,
  startsSentence,
  type WordPiece,
} from './word-pieces';

/**
 * Step 2 of a reading-speed plan, in order of least loss: hesitations, repetitions, fillers and
 * sentence openers, contractions, wordy phrases, then intensifiers (lists in ./data). None of these
 * drops a word that carries meaning.
 */
export const CONDENSATION_STEPS = [
  'hesitations',
  'repetitions',
  'fillers',
  'contractions',
  'wordy-phrases',
  'intensifiers',
] as const;
export type CondensationStep = (typeof CONDENSATION_STEPS)[number];

type PieceRule = (pieces: WordPiece[], context: ShapingContext) => WordPiece[];

function connective(context: ShapingContext): DropOptions {
  return { isConnective: (word) => context.breakBefore.has(word) };
}

function dropHesitations(pieces: WordPiece[], context: ShapingContext): WordPiece[] {
  const hesitations = new Set(context.lexicon.hesitations);
  let result = pieces;
  for (let index = result.length - 1; index >= 0; index--) {
    if (hesitations.has(core(result[index])))
      result = dropPieces(result, index, index + 1, connective(context));
  }
  return result;
}

/** "I, I think" → "I think"; "th- the" → "the". Grammatical repeats ("that that") stay. */
function dropRepetitions(pieces: WordPiece[], context: ShapingContext): WordPiece[] {
  let result = pieces;
  for (let index = result.length - 1; index >= 0; index--) {
    const piece = result[index];
    const next = result[index + 1];
    if (piece && next && piece.trail === '-' && core(next).startsWith(core(piece)) && core(piece) !== '') {
      result = dropPieces(result, index, index + 1, { repeat: true });
      continue;
    }
    for (let size = 3; size >= 1; size--) {
      if (isRepeatAt(result, index, size, context)) {
        result = dropPieces(result, index, index + size, { repeat: true });
        break;
      }
    }
  }
  return result;
}

function isRepeatAt(
  pieces: readonly WordPiece[],
  index: number,
  size: number,
  context: ShapingContext,
): boolean {
  const first = pieces.slice(index, index + size);
  const second = pieces.slice(index + size, index + size * 2);
  if (second.length < size || first.some((piece) => core(piece) === '')) return false;
  if (endsSentencePiece(first.at(-1))) return false;
  // "what it is is" is grammar; "the thing is, is that" is a restart.
  const grammatical =
    size === 1 && first[0]?.trail === '' && context.lexicon.keepRepeats.includes(core(first[0]));
  if (grammatical) return false;
  if (first.slice(0, -1).some((piece) => piece.trail !== '')) return false;
  return first.every((piece, offset) => core(piece) === core(second[offset]));
}

/** A filler counts only where it is set off: "Well, …", "…, you know, …", "…, you know." */
function isSetOff(pieces: readonly WordPiece[], from: number, to: number): boolean {
  const last = pieces[to - 1];
  const previous = pieces[from - 1];
  if (!last || to - from >= pieces.length) return false;
  if (startsSentence(pieces, from)) return last.trail.startsWith(',');
  return previous?.trail.endsWith(',') === true && (last.trail.startsWith(',') || endsSentencePiece(last));
}

function fillerAt(pieces: readonly WordPiece[], index: number, fillers: readonly string[][]): number {
  for (const filler of fillers) {
    const to = index + filler.length;
    if (matchesAt(pieces, index, filler, false) && isSetOff(pieces, index, to)) return filler.length;
  }
  return 0;
}

/** Our choice: an opener goes only when the sentence keeps at least this many words ("So what?" stays). */
const WORDS_LEFT_AFTER_OPENER = 3;

function isDroppableOpener(pieces: readonly WordPiece[], index: number, context: ShapingContext): boolean {
  const piece = pieces[index];
  if (piece?.trail !== '' || !startsSentence(pieces, index)) return false;
  if (!context.lexicon.openers.includes(core(piece))) return false;
  let left = 0;
  for (let next = index + 1; next < pieces.length && left < WORDS_LEFT_AFTER_OPENER; next++) {
    left += 1;
    if (endsSentencePiece(pieces[next])) break;
  }
  return left >= WORDS_LEFT_AFTER_OPENER;
}

/** Left to right, so that "So, you know, I think" loses both fillers. */
function dropFillers(pieces: WordPiece[], context: ShapingContext): WordPiece[] {
  const fillers = context.lexicon.fillers.map((filler) => filler.split(' '));
  let result = pieces;
  let index = 0;
  while (index < result.length) {
    const length = isDroppableOpener(result, index, context) ? 1 : fillerAt(result, index, fillers);
    if (length > 0 && result.length > length)
      result = dropPieces(result, index, index + length, connective(context));
    else index += 1;
  }
  return result;
}

type PairGuard = (pieces: readonly WordPiece[], index: number, length: number) => boolean;

function replacePairs(
  pieces: WordPiece[],
  pairs: readonly PhrasePair[],
  commasInside: boolean,
  guard: PairGuard,
) {
  let result = pieces;
  for (const [long, short] of pairs) {
    const phrase = long.split(' ');
    for (let index = result.length - phrase.length; index >= 0; index--) {
      if (matchesAt(result, index, phrase, commasInside) && guard(result, index, phrase.length)) {
        result = replacePieces(result, index, index + phrase.length, short);
      }
    }
  }
  return result;
}

/** Contractions only before another word: "that's what it is." must not become "what it's." */
function contract(pieces: WordPiece[], context: ShapingContext): WordPiece[] {
  const { contractions, contractNotAfterComma } = context.lexicon;
  return replacePairs(pieces, contractions, false, (current, index, length) => {
    const last = current[index + length - 1];
    const following = current[index + length];
    const afterComma = current[index - 1]?.trail.endsWith(',') === true;
    return last?.trail === '' && following !== undefined && !(contractNotAfterComma && afterComma);
  });
}

/** "make sure that you" → "make sure you", but "I know that." keeps its "that": a dropped tail needs a word after it. */
function shortenPhrases(pieces: WordPiece[], context: ShapingContext): WordPiece[] {
  return context.lexicon.wordyPhrases.reduce(
    (current, pair) =>
      replacePairs(current, [pair], true, (candidate, index, length) => {
        if (!pair[0].startsWith(`${pair[1].toLowerCase()} `)) return true;
        return candidate[index + length - 1]?.trail === '' && candidate[index + length] !== undefined;
      }),
    pieces,
  );
}

/**
 * A negation after a softener, or a number after an intensifier, carries meaning the word before it
 * shares ("really not", "just 2"); a hedge like "so far" before a number does not.
 */
function guardsWhatFollows(piece: WordPiece | undefined, isHedge: boolean, context: ShapingContext): boolean {
  if (!piece) return false;
  return context.lexicon.negations.includes(core(piece)) || (!isHedge && /\p{N}/u.test(piece.word));
}

/**
 * "a really good idea" → "a good idea", "a little higher as well" → "higher": intensifiers right
 * before another word, hedges of one or more words anywhere but at a sentence start; neither before
 * a number or a negation, and never a word that is itself a negation.
 */
function dropIntensifiers(pieces: WordPiece[], context: ShapingContext): WordPiece[] {
  const intensifiers = new Set(context.lexicon.intensifiers);
  const hedges = context.lexicon.hedges.map((hedge) => hedge.split(' ')).sort((a, b) => b.length - a.length);
  let result = pieces;
  for (let index = result.length - 1; index >= 1; index--) {
    if (startsSentence(result, index)) continue;
    const hedge = hedges.find((phrase) => matchesAt(result, index, phrase, false));
    const length =
      hedge?.length ?? (intensifiers.has(core(result[index])) && result[index]?.trail === '' ? 1 : 0);
    const following = result[index + length];
    if (length === 0 || guardsWhatFollows(following, hedge !== undefined, context)) continue;
    if (!hedge && following === undefined) continue;
    if (result.length <= length) continue;
    // "higher as well, about" → "higher, about": the comma that closed the hedge stays.
    const closingComma =
      hedge && result[index + length - 1]?.trail === ',' && result[index - 1]?.trail === '';
    result = dropPieces(result, index, index + length, connective(context));
    const before = result[index - 1];
    if (closingComma && before && result[index]) result[index - 1] = { ...before, trail: ',' };
  }
  return result;
}

const RULES: Record<CondensationStep, PieceRule> = {
  hesitations: dropHesitations,
  repetitions: dropRepetitions,
  fillers: dropFillers,
  contractions: contract,
  'wordy-phrases': shortenPhrases,
  intensifiers: dropIntensifiers,
};

/** Hesitations in text without spaces: dropped with the pause mark after them. */
function dropUnspacedHesitations(text: string, context: ShapingContext): string {
  const pattern = context.lexicon.hesitations
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  if (!pattern) return text;
  const dropped = text.replace(
    new RegExp(`(^|(?<=[。！？、，,!?\\s]))(?:${pattern})[、，,…ー〜~]*`, 'gu'),
    '',
  );
  return dropped.trim().length > 0 ? dropped.trim() : text;
}

/** Hesitations and stutters ("um", "I, I", "the the"): never worth reading, in any condensing plan. */
export function dropStutters(text: string, language: OutputLanguage): string {
  const context = shapingContext(language);
  if (context.unspaced) return dropUnspacedHesitations(text, context);
  return joinPieces(dropRepetitions(dropHesitations(splitPieces(text), context), context));
}

/**
 * A stutter across a cue boundary ("then let's," | "let's move on"): the words that end `earlier`
 * and start `later` again are dropped from `earlier`, which keeps at least one word. Answers
 * `earlier`, shortened or as it was.
 */
export function dropRepeatBefore(earlier: string, later: string, language: OutputLanguage): string {
  const context = shapingContext(language);
  if (context.unspaced) return earlier;
  const ending = splitPieces(earlier);
  const starting = splitPieces(later);
  for (let size = Math.min(3, ending.length - 1, starting.length); size >= 1; size--) {
    const tail = ending.slice(-size);
    if (endsSentencePiece(tail.at(-1)) || tail.slice(0, -1).some((piece) => piece.trail !== '')) continue;
    const repeats = tail.every(
      (piece, offset) => core(piece) !== '' && core(piece) === core(starting[offset]),
    );
    const grammatical = size === 1 && context.lexicon.keepRepeats.includes(core(tail[0]));
    if (repeats && !grammatical) return joinPieces(ending.slice(0, -size)).replace(/[,;:]+$/, '');
  }
  return earlier;
}

export function applyCondensationStep(text: string, step: CondensationStep, context: ShapingContext): string {
  if (context.unspaced) return step === 'hesitations' ? dropUnspacedHesitations(text, context) : text;
  return joinPieces(RULES[step](splitPieces(text), context));
}

/**
 * Condenses flat cue text step by step until `isShortEnough` accepts it, or all steps are used.
 * Returns the text unchanged when no step applies.
 */
export function condenseText(
  text: string,
  language: OutputLanguage,
  isShortEnough: (candidate: string) => boolean = () => false,
): string {
  const context = shapingContext(language);
  let current = text;
  for (const step of CONDENSATION_STEPS) {
    if (isShortEnough(current)) break;
    current = applyCondensationStep(current, step, context);
  }
  return current;
}
