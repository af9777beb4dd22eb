import { type LanguageLexicon, pairs, phrases, words } from './lexicon';

const PREPOSITIONS = words(`van in op aan met voor naar bij uit over door om tot onder tussen zonder tegen
  na sinds achter naast boven langs tijdens vanaf volgens`);

export const nl: LanguageLexicon = {
  keepWithNext: [
    ...PREPOSITIONS,
    ...words(`de het een dit deze mijn jouw zijn haar ons onze hun uw geen elk elke ieder iedere ik jij hij
      zij wij we jullie ben bent is was waren heb hebt heeft hebben had hadden wordt worden werd zal zullen
      zou zouden kan kunnen kon moet moeten mag wil niet nooit zich heel erg zeer`),
  ],
  breakBefore: [
    ...PREPOSITIONS,
    ...words(`en maar of want dus omdat als wanneer toen terwijl hoewel tenzij totdat dat die wat waar waarom
      hoe dan zodat nadat voordat`),
  ],
  keepWithPrevious: [],
  abbreviations: words('dhr mevr mw dr bv enz'),
  hesitations: words('eh ehm uh uhm hm hmm ehh'),
  fillers: phrases('weet je | zeg maar | nou | eigenlijk | gewoon | dus | of zo | hè | ja nee'),
  openers: words('en dus nou'),
  intensifiers: words('echt eigenlijk gewoon gewoonweg werkelijk best'),
  hedges: phrases('een beetje | ook wel | tot nu toe | eerlijk gezegd | min of meer'),
  negations: words('niet nooit geen niets niemand'),
  keepRepeats: words('die dat'),
  contractions: pairs("zo een > zo'n"),
  contractNotAfterComma: false,
  wordyPhrases: pairs(`op dit moment > nu | op het moment > nu | op dit ogenblik > nu |
    met betrekking tot > over | ten aanzien van > over | ten gevolge van > door | teneinde > om |
    desalniettemin > toch | niettemin > toch | een heleboel > veel | in verband met > wegens |
    aangezien > omdat | de hele tijd > steeds | in de tussentijd > intussen | van tijd tot tijd > soms |
    over het algemeen > meestal | om die reden > daarom | ondanks het feit dat > hoewel |
    vanwege het feit dat > omdat | doordat > omdat`),
};
