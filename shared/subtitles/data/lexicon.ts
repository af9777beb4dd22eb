/**
 * Per-language word lists for line breaking and condensation, written compactly: `words()` takes
 * space-separated words, `phrases()` takes phrases separated by `|`, `pairs()` takes `long > short`
 * pairs separated by `|`. Entries are lower case. Line-break lists follow the Netflix line-break rules
 * (SUBTITLE-STYLE.md): break after punctuation and before conjunctions and prepositions; never split an
 * article, determiner, subject pronoun, auxiliary, reflexive or negation word from what follows.
 */
export type PhrasePair = readonly [long: string, short: string];

export interface LanguageLexicon {
  /** A line or cue should not end on these: articles, determiners, prepositions, subject pronouns, auxiliaries, negations, reflexives. */
  keepWithNext: readonly string[];
  /** A line may well start with these: conjunctions and prepositions. */
  breakBefore: readonly string[];
  /** A line should not start with these: postpositions and auxiliaries that follow their word (Hindi). */
  keepWithPrevious: readonly string[];
  /** Words ending in a full stop that do not end a sentence. */
  abbreviations: readonly string[];
  /** Sounds without meaning, dropped anywhere when condensing. */
  hesitations: readonly string[];
  /** Discourse fillers, dropped only where commas or a sentence start set them off. */
  fillers: readonly string[];
  /** Words that open a sentence in speech without adding to it ("And what about…"), dropped there. */
  openers: readonly string[];
  /** Degree words and discourse adverbs, dropped last and only right before another word. */
  intensifiers: readonly string[];
  /**
   * Hedges and softeners of one or more words ("a little", "as well", "so far", "honestly"), what
   * subtitlers drop before touching content: never at a sentence start, nor before a number or a
   * negation.
   */
  hedges: readonly string[];
  /** Negation words: what follows them is never shortened away, nor are they. */
  negations: readonly string[];
  /** Words whose immediate repetition is grammatical ("that that", French "nous nous"). */
  keepRepeats: readonly string[];
  contractions: readonly PhrasePair[];
  /**
   * German "in dem" after a comma opens a relative clause ("das Haus, in dem …"): no contraction
   * there.
   */
  contractNotAfterComma: boolean;
  /** Wordy phrases and a shorter equivalent with the same meaning. */
  wordyPhrases: readonly PhrasePair[];
}

export function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

export function phrases(text: string): string[] {
  return text
    .split('|')
    .map((phrase) => phrase.trim().replace(/\s+/g, ' '))
    .filter((phrase) => phrase.length > 0);
}

export function pairs(text: string): PhrasePair[] {
  return phrases(text).map((pair) => {
    const [long = '', short = ''] = pair.split('>').map((part) => part.trim());
    return [long, short] as const;
  });
}

export const EMPTY_LEXICON: LanguageLexicon = {
  keepWithNext: [],
  breakBefore: [],
  keepWithPrevious: [],
  abbreviations: [],
  hesitations: [],
  fillers: [],
  openers: [],
  intensifiers: [],
  hedges: [],
  negations: [],
  keepRepeats: [],
  contractions: [],
  contractNotAfterComma: false,
  wordyPhrases: [],
};
