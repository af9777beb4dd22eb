import { describe, expect, it } from 'vitest';
import { compileFind, type FindQuery, findAll, findNext, replaceMatches } from './find';
import { docFromCues } from './model';

const doc = docFromCues([
  { startMs: 0, endMs: 1000, text: 'The cat and the <i>other</i> cat.' },
  { startMs: 2000, endMs: 3000, text: 'Catalogue of THE cats' },
  { startMs: 4000, endMs: 5000, text: 'Nothing here' },
]);

const query = (text: string, options: Partial<FindQuery> = {}): FindQuery => ({
  text,
  matchCase: false,
  wholeWord: false,
  regex: false,
  ...options,
});

function pattern(q: FindQuery): RegExp {
  const { pattern } = compileFind(q);
  if (!pattern) throw new Error('no pattern');
  return pattern;
}

describe('find', () => {
  it('finds text as shown, ignoring case unless asked', () => {
    // "The", "the", o"the"r and "THE".
    expect(findAll(doc, pattern(query('the'))).length).toBe(4);
    expect(findAll(doc, pattern(query('the', { matchCase: true })))).toEqual([
      { cueId: 'c1', start: 12, end: 15 },
      { cueId: 'c1', start: 17, end: 20 },
    ]);
    // The tags are not text: "the other" is found across them.
    expect(findAll(doc, pattern(query('the other'))).length).toBe(1);
  });

  it('finds whole words only', () => {
    expect(findAll(doc, pattern(query('cat', { wholeWord: true }))).map((match) => match.cueId)).toEqual([
      'c1',
      'c1',
    ]);
    expect(findAll(doc, pattern(query('cat'))).length).toBe(4);
  });

  it('reads regular expressions, and tells a bad one instead of throwing', () => {
    expect(findAll(doc, pattern(query('cats?\\b', { regex: true }))).length).toBe(3);
    const bad = compileFind(query('(unclosed', { regex: true }));
    expect(bad.pattern).toBeNull();
    expect(bad.error).toMatch(/^Not a valid regular expression/);
    expect(compileFind(query('x*', { regex: true })).error).toMatch(/matches empty text/);
    // Without the regex option the same text is plain.
    expect(compileFind(query('(unclosed')).error).toBeNull();
  });

  it('goes to the next and previous match from the cursor, round the ends', () => {
    const cat = pattern(query('cat'));
    expect(findNext(doc, cat, null, 1)).toMatchObject({
      match: { cueId: 'c1', start: 4 },
      number: 1,
      total: 4,
    });
    expect(findNext(doc, cat, { cueId: 'c1', index: 4 }, 1)?.match).toMatchObject({ cueId: 'c1', start: 22 });
    expect(findNext(doc, cat, { cueId: 'c2', index: 17 }, 1)?.number).toBe(1);
    expect(findNext(doc, cat, { cueId: 'c1', index: 4 }, -1)?.number).toBe(4);
    expect(findNext(doc, cat, { cueId: 'c3', index: 0 }, -1)?.match).toMatchObject({
      cueId: 'c2',
      start: 17,
    });
    expect(findNext(doc, pattern(query('zebra')), null, 1)).toBeNull();
  });
});

describe('replace', () => {
  it('replaces everywhere, in chosen cues, or one match', () => {
    expect(replaceMatches(doc, query('cat'), 'dog').count).toBe(4);
    const inSecond = replaceMatches(doc, query('cat'), 'dog', { ids: ['c2'] });
    expect(inSecond.count).toBe(2);
    expect(inSecond.doc[0]).toBe(doc[0]);
    expect(inSecond.doc[1]?.text).toBe('dogalogue of THE dogs');
    const one = replaceMatches(doc, query('cat'), 'dog', { match: { cueId: 'c1', start: 22, end: 25 } });
    expect(one.doc[0]?.text).toBe('The cat and the <i>other</i> dog.');
  });

  it('keeps the formatting of what it replaces and writes `$` as typed outside regular expressions', () => {
    expect(replaceMatches(doc, query('other'), 'new $1').doc[0]?.text).toBe(
      'The cat and the <i>new $1</i> cat.',
    );
  });

  it('fills in groups with regular expressions, with the text around for lookarounds', () => {
    const swapped = replaceMatches(doc, query('(\\w+) of', { regex: true }), 'of $1');
    expect(swapped.doc[1]?.text).toBe('of Catalogue THE cats');
    const words = replaceMatches(doc, query('cat', { wholeWord: true, regex: true }), '[$&]');
    expect(words.doc[0]?.text).toBe('The [cat] and the <i>other</i> [cat].');
  });

  it('changes nothing for a bad pattern, an empty search, no match or the same text', () => {
    expect(replaceMatches(doc, query('(', { regex: true }), 'x')).toEqual({ doc, count: 0 });
    expect(replaceMatches(doc, query(''), 'x')).toEqual({ doc, count: 0 });
    expect(replaceMatches(doc, query('zebra'), 'x')).toEqual({ doc, count: 0 });
    const same = replaceMatches(doc, query('cat', { matchCase: true }), 'cat');
    expect(same.doc).toBe(doc);
    expect(same.count).toBe(3);
  });

  it('takes a plain search literally', () => {
    const dotted = replaceMatches(doc, query('.'), '!');
    expect(dotted.count).toBe(1);
    expect(dotted.doc[0]?.text).toBe('The cat and the <i>other</i> cat!');
  });
});
