/**
 * Text as a list of words with the punctuation around them, for condensation: removing or replacing
 * words while keeping punctuation and capitals right.
 */
export interface WordPiece {
  /** Opening punctuation: quotes, brackets, ¿ ¡. */
  lead: string;
  /** The word itself; lower-cased for lookups with `core`. */
  word: string;
  /** Closing punctuation: , . ? ! quotes, brackets, a stutter's hyphen. */
  trail: string;
}

const PIECE = /^([^\p{L}\p{M}\p{N}]*)(.*?)([^\p{L}\p{M}\p{N}]*)$/u;
const SENTENCE_END = /[.!?…]/;

export function splitPieces(text: string): WordPiece[] {
  return text
    .split(/[ \t\r\n]+/)
    .filter((part) => part.length > 0)
    .map((part) => {
      const [, lead = '', word = '', trail = ''] = PIECE.exec(part) ?? [];
      return { lead, word, trail };
    });
}

export function joinPieces(pieces: readonly WordPiece[]): string {
  return pieces.map((piece) => `${piece.lead}${piece.word}${piece.trail}`).join(' ');
}

export function core(piece: WordPiece | undefined): string {
  return (piece?.word ?? '').toLowerCase().replaceAll('’', "'");
}

export function endsSentencePiece(piece: WordPiece | undefined): boolean {
  return piece !== undefined && SENTENCE_END.test(piece.trail);
}

export function startsSentence(pieces: readonly WordPiece[], index: number): boolean {
  return index === 0 || endsSentencePiece(pieces[index - 1]);
}

function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "I was, like, tired" → "I was tired", "And, um, I" → "And I"; but "Okay, so, I" → "Okay, I". */
function keepsComma(
  pieces: readonly WordPiece[],
  index: number,
  isConnective: (word: string) => boolean,
): boolean {
  return startsSentence(pieces, index) && !isConnective(core(pieces[index]));
}

/**
 * Removes pieces [from, to). A sentence end in the removed text moves to the piece before; a comma
 * that set the removed words off goes with them; a removed capital moves to the next word.
 */
export interface DropOptions {
  /** Conjunctions: an opening "And," loses its comma with the words after it. */
  isConnective?: (word: string) => boolean;
  /** A repeat leaves the punctuation around it alone: the copy that stays carries its own. */
  repeat?: boolean;
}

export function dropPieces(
  pieces: readonly WordPiece[],
  from: number,
  to: number,
  options: DropOptions = {},
): WordPiece[] {
  const isConnective = options.isConnective ?? (() => false);
  const first = pieces[from];
  const last = pieces[to - 1];
  if (!first || !last || to - from >= pieces.length) return [...pieces];
  const result = pieces.map((piece) => ({ ...piece }));
  const previous = result[from - 1];
  const next = result[to];
  const sentenceEnd = last.trail.match(/[.!?…]+/)?.[0];
  if (options.repeat) {
    // nothing to move: the next words repeat these
  } else if (previous && sentenceEnd && !endsSentencePiece(previous)) {
    previous.trail = previous.trail.replace(/[,;:]+$/, '') + sentenceEnd;
  } else if (
    previous &&
    last.trail.includes(',') &&
    previous.trail.endsWith(',') &&
    !keepsComma(pieces, from - 1, isConnective)
  ) {
    previous.trail = previous.trail.slice(0, -1);
  }
  if (next && first.lead) next.lead = first.lead + next.lead;
  if (next && startsSentence(pieces, from) && isCapitalised(first.word)) next.word = capitalise(next.word);
  result.splice(from, to - from);
  return result;
}

/** Replaces pieces [from, to) by the words of `replacement`, keeping outer punctuation and capitals. */
export function replacePieces(
  pieces: readonly WordPiece[],
  from: number,
  to: number,
  replacement: string,
): WordPiece[] {
  const first = pieces[from];
  const last = pieces[to - 1];
  if (!first || !last) return [...pieces];
  const words = replacement.split(' ');
  const inserted = words.map((word, index) => ({
    lead: index === 0 ? first.lead : '',
    word: index === 0 && isCapitalised(first.word) ? capitalise(word) : word,
    trail: index === words.length - 1 ? last.trail : '',
  }));
  return [...pieces.slice(0, from), ...inserted, ...pieces.slice(to)];
}

/** Whether the words at `index` are `phrase`, with at most commas between them when `commasInside`. */
export function matchesAt(
  pieces: readonly WordPiece[],
  index: number,
  phrase: readonly string[],
  commasInside: boolean,
) {
  return phrase.every((word, offset) => {
    const piece = pieces[index + offset];
    if (!piece || core(piece) !== word) return false;
    if (offset > 0 && piece.lead) return false;
    const inside = offset < phrase.length - 1;
    return !inside || piece.trail === '' || (commasInside && piece.trail === ',');
  });
}
