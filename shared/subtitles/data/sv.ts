import { EMPTY_LEXICON, type LanguageLexicon, phrases, words } from './lexicon';

const PREPOSITIONS = words('på i av till från med om för hos under över utan mellan efter före genom');

export const sv: LanguageLexicon = {
  ...EMPTY_LEXICON,
  intensifiers: words('verkligen faktiskt egentligen ärligt'),
  hedges: phrases('lite grann | helt enkelt | hittills | ärligt talat'),
  negations: words('inte aldrig ingen inget inga ingenting'),
  keepWithNext: [
    ...PREPOSITIONS,
    ...words(`en ett den det de min din sin vår er deras jag du han hon vi ni är var har hade ska skulle kan
      kunde vill måste inte aldrig sig`),
  ],
  breakBefore: [...PREPOSITIONS, ...words('och men eller så att som när eftersom medan innan fast')],
  abbreviations: words('dr bl.a t.ex osv'),
  hesitations: words('öh eh hm äh ehm öhm'),
  fillers: phrases('typ | liksom | alltså | ju | asså'),
};
