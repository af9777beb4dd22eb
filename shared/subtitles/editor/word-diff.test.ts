import { describe, expect, it } from 'vitest';
import { diffWords } from './word-diff';

const render = (before: string, after: string) =>
  diffWords(before, after)
    .map((part) =>
      part.kind === 'same' ? part.text : part.kind === 'added' ? `+[${part.text}]` : `-[${part.text}]`,
    )
    .join(' ');

describe('diffWords', () => {
  it('finds nothing between equal texts, whatever the spacing', () => {
    expect(diffWords('one two  three', 'one\ntwo three')).toEqual([{ kind: 'same', text: 'one two three' }]);
  });

  it('marks words added, removed and replaced', () => {
    expect(render('the quick fox', 'the quick brown fox')).toBe('the quick +[brown] fox');
    expect(render('the quick brown fox', 'the fox')).toBe('the -[quick brown] fox');
    expect(render('hello world', 'hello there')).toBe('hello -[world] +[there]');
  });

  it('handles empty texts on either side', () => {
    expect(diffWords('', '')).toEqual([]);
    expect(diffWords('', 'new words')).toEqual([{ kind: 'added', text: 'new words' }]);
    expect(diffWords('old words', '')).toEqual([{ kind: 'removed', text: 'old words' }]);
  });

  it('rebuilds both texts from its parts', () => {
    const before = 'a b c d e f g h i j k l m n o p';
    const after = 'a x c d y e f g z h i j m n o p q';
    const parts = diffWords(before, after);
    const side = (kind: 'added' | 'removed') =>
      parts
        .filter((part) => part.kind !== kind)
        .map((part) => part.text)
        .join(' ');
    expect(side('added')).toBe(before);
    expect(side('removed')).toBe(after);
  });
});
