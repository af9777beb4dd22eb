import { EMPTY_LEXICON, type LanguageLexicon, words } from './lexicon';

export const zh: LanguageLexicon = {
  ...EMPTY_LEXICON,
  breakBefore: words('但是 可是 所以 因为 而且 然后 如果 虽然 或者 并且 不过'),
  hesitations: words('嗯 呃 额'),
};
