import { EMPTY_LEXICON, type LanguageLexicon, words } from './lexicon';

export const ko: LanguageLexicon = {
  ...EMPTY_LEXICON,
  // Negation adverbs precede their verb.
  keepWithNext: words('안 못'),
  breakBefore: words('그리고 그런데 하지만 그래서 그러나 또는 왜냐하면 그러니까'),
  hesitations: words('음 어 아'),
};
