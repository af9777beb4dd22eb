import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCondensationStep, type CondensationStep, condenseText } from './condensation';
import { shapingContext } from './shaping-context';

function step(text: string, name: CondensationStep, language: 'en' | 'nl' | 'de' | 'fr' = 'en'): string {
  return applyCondensationStep(text, name, shapingContext(language));
}

describe('condensation steps in English', () => {
  it('drops hesitations and the commas around them', () => {
    expect(step('Um, I think, uh, we should go.', 'hesitations')).toBe('I think we should go.');
    expect(step('And, um, I said no.', 'hesitations')).toBe('And I said no.');
  });

  it('drops repeated words and stutters but keeps grammatical repeats', () => {
    expect(step('I I think the the dog is, is here.', 'repetitions')).toBe('I think the dog is here.');
    expect(step('Th- the dog is, you know, you know, old.', 'repetitions')).toBe(
      'The dog is, you know, old.',
    );
    expect(step('I know that that is true.', 'repetitions')).toBe('I know that that is true.');
    expect(step('No. No.', 'repetitions')).toBe('No. No.');
  });

  it('drops fillers only where they are set off, and sentence openers', () => {
    expect(step('Well, you know, I was, like, tired.', 'fillers')).toBe('I was tired.');
    expect(step("It's good, you know.", 'fillers')).toBe("It's good.");
    expect(step('Okay, so, basically, we leave now.', 'fillers')).toBe('We leave now.');
    expect(step('And what about your brother?', 'fillers')).toBe('What about your brother?');
    for (const kept of ['I like cats.', 'Well done!', 'So what?', 'You know the way.']) {
      expect(step(kept, 'fillers')).toBe(kept);
    }
  });

  it('contracts only before another word', () => {
    expect(step('I do not know what it is.', 'contractions')).toBe("I don't know what it is.");
    expect(step('It is late and we are tired.', 'contractions')).toBe("It's late and we're tired.");
  });

  it('shortens wordy phrases, keeping a dropped tail only before a word', () => {
    expect(step('In order to win, we train on a daily basis.', 'wordy-phrases')).toBe(
      'To win, we train daily.',
    );
    expect(step('Make sure that you come.', 'wordy-phrases')).toBe('Make sure you come.');
    expect(step('I know that.', 'wordy-phrases')).toBe('I know that.');
  });

  it('drops intensifiers only inside a sentence and before a word', () => {
    expect(step("That's a really good idea.", 'intensifiers')).toBe("That's a good idea.");
    expect(step('Really?', 'intensifiers')).toBe('Really?');
    expect(step('It was totally.', 'intensifiers')).toBe('It was totally.');
  });
});

describe('condensation in Dutch, German and French', () => {
  it('condenses Dutch fillers and wordy phrases', () => {
    expect(condenseText('Nou, ik denk, weet je, dat we op dit moment niet kunnen.', 'nl')).toBe(
      'Ik denk dat we nu niet kunnen.',
    );
  });

  it('contracts German prepositions, but not at a relative clause', () => {
    expect(condenseText('Also, ich bin äh in dem Haus, in dem ich wohne.', 'de')).toBe(
      'Ich bin im Haus, in dem ich wohne.',
    );
    expect(condenseText('Aus diesem Grund bleiben wir im Moment hier.', 'de')).toBe(
      'Deshalb bleiben wir jetzt hier.',
    );
  });

  it('keeps French reflexive "nous nous" and shortens wordy phrases', () => {
    expect(condenseText("Euh, en fait, nous nous sommes vus à l'heure actuelle, tu vois.", 'fr')).toBe(
      'Nous nous sommes vus actuellement.',
    );
  });

  it('drops Japanese and Chinese hesitations', () => {
    expect(condenseText('えーと、今日は晴れです。', 'ja')).toBe('今日は晴れです。');
    expect(condenseText('嗯，我们走吧。', 'zh')).toBe('我们走吧。');
  });
});

describe('condenseText', () => {
  it('stops as soon as the text is short enough', () => {
    const text = 'Um, I do not know.';
    expect(condenseText(text, 'en', (candidate) => candidate.length <= 16)).toBe('I do not know.');
    expect(condenseText(text, 'en')).toBe("I don't know.");
  });

  it('never touches text made only of words that carry meaning', () => {
    const vocabulary = [
      'river',
      'green',
      'table',
      'seven',
      'doctor',
      'quickly',
      'ocean',
      'bright',
      'Paris',
      'engine',
    ];
    const sentence = fc
      .shuffledSubarray(vocabulary, { minLength: 1 }) // no word twice: a repeat is a disfluency
      .map((words) => `${words.join(' ')}.`);
    fc.assert(fc.property(sentence, (text) => condenseText(text, 'en') === text));
  });

  it('only ever removes words or swaps in short forms of its lists', () => {
    const pieces = [
      'um,',
      'I',
      'I',
      'do',
      'not',
      'think',
      'that',
      'we',
      'are',
      'able',
      'to',
      'win,',
      'you',
      'know,',
      'today.',
    ];
    const text = fc.subarray(pieces, { minLength: 3 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(text, (input) => {
        const output = condenseText(input, 'en');
        expect(output.length).toBeLessThanOrEqual(input.length);
        const allowed = new Set([
          ...input.toLowerCase().split(/\W+/),
          "don't",
          'can',
          "we're",
          'today',
          'win',
          'don',
          't',
          're',
        ]);
        for (const word of output.toLowerCase().split(/\W+/).filter(Boolean)) expect(allowed).toContain(word);
      }),
    );
  });
});
