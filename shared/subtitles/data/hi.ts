import { EMPTY_LEXICON, type LanguageLexicon, phrases, words } from './lexicon';

export const hi: LanguageLexicon = {
  ...EMPTY_LEXICON,
  // Negation precedes the verb in Hindi.
  keepWithNext: words('नहीं न मत'),
  breakBefore: words('और लेकिन मगर या कि क्योंकि जब अगर तो जो ताकि फिर इसलिए'),
  // Postpositions and auxiliaries follow their noun or verb: a line must not start with them.
  keepWithPrevious: words('का की के को में से ने पर तक वाला वाली वाले है हैं था थी थे हूँ हो रहा रही रहे'),
  hesitations: words('उम्म अं हम्म'),
  fillers: phrases('मतलब | यानी'),
};
