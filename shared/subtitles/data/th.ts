import { EMPTY_LEXICON, type LanguageLexicon, words } from './lexicon';

export const th: LanguageLexicon = {
  ...EMPTY_LEXICON,
  breakBefore: words('และ แต่ หรือ เพราะ ถ้า เมื่อ ดังนั้น'),
  hesitations: words('เอ่อ อืม อ่า'),
};
