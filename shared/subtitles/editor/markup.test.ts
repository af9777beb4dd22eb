import { describe, expect, it } from 'vitest';
import { markupToSource, parseMarkup, runsOf, sourceOffset, toggleMark } from './markup';
import { docFromCues, setPosition } from './model';

describe('cue formatting as the editor shows it', () => {
  it('reads <i>, <b> and <u> as marks on the visible characters, in any case', () => {
    const marked = parseMarkup('a <I>b<b>c</b></i>\n<u>d</u>');
    expect(marked.text).toBe('a bc\nd');
    expect(runsOf(marked)).toEqual([
      { text: 'a ', marks: [] },
      { text: 'b', marks: ['i'] },
      { text: 'c', marks: ['b', 'i'] },
      { text: '\n', marks: [] },
      { text: 'd', marks: ['u'] },
    ]);
  });

  it('keeps every other angle bracket as text and closes an unclosed tag at the end', () => {
    expect(parseMarkup('<font color="red">x</font> 1 < 2').text).toBe('<font color="red">x</font> 1 < 2');
    expect(markupToSource(parseMarkup('<i>open'))).toBe('<i>open</i>');
    expect(markupToSource(parseMarkup('</i>stray'))).toBe('stray');
  });

  it('writes back the same SRT text for well-nested tags', () => {
    for (const text of ['plain', '<i>all</i>', 'a <b>bold <i>both</i></b> c', '<u>one\ntwo</u>'])
      expect(markupToSource(parseMarkup(text))).toBe(text);
  });

  it('turns a mark on for the selected characters, or the whole cue when nothing is selected', () => {
    expect(toggleMark('Hello world', 'i', 6, 11)).toBe('Hello <i>world</i>');
    expect(toggleMark('Hello world', 'b', 3, 3)).toBe('<b>Hello world</b>');
    expect(toggleMark('<i>Hello</i> world', 'u', 11, 0)).toBe('<i><u>Hello</u></i><u> world</u>');
  });

  it('turns it off when every selected character has it', () => {
    expect(toggleMark('<i>Hello world</i>', 'i', 0, 5)).toBe('Hello<i> world</i>');
    expect(toggleMark('<i>Hello</i> world', 'i', 0, 11)).toBe('<i>Hello world</i>');
    expect(toggleMark('<i>x</i>', 'i', 0, 0)).toBe('x');
  });

  it('maps a visible position to the tagged text: after closing tags, before opening ones', () => {
    const marked = parseMarkup('ab<i>cd</i>ef');
    expect([0, 2, 3, 4, 6].map((at) => sourceOffset(marked, at))).toEqual([0, 2, 6, 11, 13]);
  });
});

describe('setPosition', () => {
  const doc = docFromCues([{ startMs: 0, endMs: 1000, text: 'x' }]);

  it('places a cue at the top and gives it its style place back', () => {
    const top = setPosition(doc, 'c1', 8);
    expect(top[0]?.position).toBe(8);
    const back = setPosition(top, 'c1', undefined);
    expect(back[0]).toEqual({ id: 'c1', startMs: 0, endMs: 1000, text: 'x' });
    expect(setPosition(doc, 'c1', undefined)).toBe(doc);
  });
});
