import { EMPTY_LEXICON, type LanguageLexicon, words } from './lexicon';

export const ja: LanguageLexicon = {
  ...EMPTY_LEXICON,
  breakBefore: words('でも しかし だから そして それで なので ところが'),
  hesitations: words('えーと えっと ええと えー うーん あのー'),
};
