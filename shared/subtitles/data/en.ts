import { type LanguageLexicon, pairs, phrases, words } from './lexicon';

const PREPOSITIONS = words(`about above across after against along among around at before behind below
  beneath beside between beyond by during except for from in inside into near of off on onto outside over
  past since through throughout to toward towards under until upon with within without`);

export const en: LanguageLexicon = {
  keepWithNext: [
    ...PREPOSITIONS,
    ...words(`a an the this these those my your his her its our their some any no every each either neither
      another such i he she we they am is are was were be been will would shall should can could may might
      must not never don't doesn't didn't won't can't isn't aren't wasn't weren't i'm you're we're they're
      he's she's mr mrs ms dr very too more most less`),
  ],
  // "a cup | of tea" reads badly: "of" is the one preposition not to break before.
  breakBefore: [
    ...PREPOSITIONS.filter((word) => word !== 'of'),
    ...words(`and but or nor so yet because although though while when whenever where if unless that which
      who whom whose whether than as like then`),
  ],
  keepWithPrevious: [],
  abbreviations: words('mr mrs ms dr st vs prof jr sr'),
  hesitations: words('um umm uh uhh er erm ah hmm hm mm mhm'),
  fillers:
    phrases(`you know | i mean | like | well | so | basically | actually | literally | anyway | you see |
    okay | right | oh | honestly | frankly | to be honest`),
  openers: words('and so okay'),
  intensifiers: words('really actually totally literally basically honestly simply just quite'),
  hedges: phrases('a little | as well | so far | kind of | sort of | pretty much | to be honest'),
  negations: words(
    "not never no nothing nobody none don't doesn't didn't won't can't isn't aren't wasn't weren't n't",
  ),
  keepRepeats: words('that had is do'),
  contractions: pairs(`do not > don't | does not > doesn't | did not > didn't | is not > isn't |
    are not > aren't | was not > wasn't | were not > weren't | have not > haven't | has not > hasn't |
    had not > hadn't | will not > won't | would not > wouldn't | should not > shouldn't |
    could not > couldn't | cannot > can't | can not > can't | i am > I'm | you are > you're |
    we are > we're | they are > they're | it is > it's | that is > that's | there is > there's |
    what is > what's | he is > he's | she is > she's | i will > I'll | you will > you'll |
    we will > we'll | they will > they'll | i would > I'd | let us > let's`),
  contractNotAfterComma: false,
  wordyPhrases: pairs(`in order to > to | due to the fact that > because | owing to the fact that > because |
    in spite of the fact that > although | despite the fact that > although | at this point in time > now |
    at the present time > now | at the moment > now | in the event that > if | am able to > can |
    is able to > can | are able to > can | was able to > could | were able to > could |
    a large number of > many | the majority of > most | with regard to > about | with respect to > about |
    in regard to > about | for the purpose of > for | prior to > before | subsequent to > after |
    in the near future > soon | on a daily basis > daily | each and every > every | every single > every | first of all > first |
    a little bit > a bit | whether or not > whether | as a matter of fact > in fact | right now > now |
    make sure that > make sure | i think that > I think | i know that > I know | i hope that > I hope |
    i guess that > I guess | so that > so |
    all of a sudden > suddenly | a lot of > lots of | in addition to > besides`),
};
