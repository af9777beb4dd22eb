import { type LanguageLexicon, pairs, phrases, words } from './lexicon';

const PREPOSITIONS = words(`von zu mit in an auf für aus bei nach über unter vor zwischen durch gegen ohne um
  seit bis hinter neben während wegen trotz`);

export const de: LanguageLexicon = {
  keepWithNext: [
    ...PREPOSITIONS,
    ...words(`der die das den dem des ein eine einen einem einer eines mein meine meinen dein deine sein seine
      ihr ihre unser unsere euer kein keine keinen jeder jede jedes dieser diese dieses ich du er wir bin bist
      ist sind war waren habe hast hat haben hatte wird werden wurde kann können muss müssen soll sollen will
      darf nicht nie zum zur im am vom beim ins sich sehr`),
  ],
  breakBefore: [
    ...PREPOSITIONS,
    ...words(`und aber oder denn sondern weil dass wenn als ob obwohl während bevor nachdem damit sodass wie wo
      was`),
  ],
  keepWithPrevious: [],
  abbreviations: words('hr fr dr bzw usw ca z.b'),
  hesitations: words('äh ähm öh öhm hm hmm äm'),
  fillers: phrases('also | naja | na ja | sozusagen | quasi | halt | eben | weißt du | ne | irgendwie so'),
  openers: words('und also'),
  intensifiers: words('eigentlich wirklich echt halt eben ja einfach ehrlich ziemlich'),
  hedges: phrases('ein bisschen | ein wenig | bis jetzt | ehrlich gesagt | mehr oder weniger'),
  negations: words('nicht nie kein keine keinen nichts niemand'),
  keepRepeats: words('die der das sie'),
  contractions: pairs(`in dem > im | an dem > am | von dem > vom | zu dem > zum | zu der > zur |
    bei dem > beim | in das > ins | an das > ans`),
  contractNotAfterComma: true,
  wordyPhrases: pairs(`aus diesem grund > deshalb | im moment > jetzt | im augenblick > jetzt |
    zum jetzigen zeitpunkt > jetzt | zum gegenwärtigen zeitpunkt > jetzt |
    aufgrund der tatsache dass > weil | trotz der tatsache dass > obwohl | nichtsdestotrotz > trotzdem |
    im grunde genommen > im Grunde | hin und wieder > manchmal | die ganze zeit > ständig |
    mit hilfe von > mit | in der zwischenzeit > inzwischen`),
};
