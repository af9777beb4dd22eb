import { describe, expect, it } from 'vitest';
import { WebVTTParser, type WebVttNode } from 'webvtt-parser';
// The full table: the parser's default one lacks the `&amp;` forms with a semicolon (its README).
import htmlEntities from 'webvtt-parser/html-entities.json';
import type { Cue } from './cue';
import { escapeWebVttText, formatWebVttTime, writeWebVtt } from './webvtt';

/** What a player shows for a parsed cue: its text nodes, tags left out, lines kept. */
function shown(nodes: readonly WebVttNode[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? String(node.value) : shown(node.children ?? [])))
    .join('');
}

function parse(vtt: string) {
  const result = new WebVTTParser(htmlEntities).parse(vtt);
  return { errors: result.errors, cues: result.cues };
}

describe('writeWebVtt', () => {
  it('writes a file a WebVTT parser reads without a single error, times in HH:MM:SS.mmm', () => {
    const cues: Cue[] = [
      { startMs: 1000, endMs: 2500, text: 'Hello there.\nSecond line' },
      { startMs: 3_723_456, endMs: 3_725_004, text: 'An hour in' },
    ];
    const vtt = writeWebVtt(cues);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('00:00:01.000 --> 00:00:02.500');
    expect(vtt).toContain('01:02:03.456 --> 01:02:05.004');
    const { errors, cues: parsed } = parse(vtt);
    expect(errors).toEqual([]);
    expect(parsed.map((cue) => [cue.startTime, cue.endTime, shown(cue.tree.children)])).toEqual([
      [1, 2.5, 'Hello there.\nSecond line'],
      [3723.456, 3725.004, 'An hour in'],
    ]);
  });

  it('escapes &, < and > so the text reads as typed, and no --> is left in it', () => {
    const typed = ['Tom & Jerry <3', 'a -> b --> c', '<script>x</script> &amp; <c.red>'];
    const vtt = writeWebVtt(
      typed.map((text, index) => ({ startMs: index * 1000, endMs: index * 1000 + 900, text })),
    );
    const cueTexts = vtt
      .split('\n\n')
      .slice(1)
      .map((block) => block.split('\n').slice(2).join('\n'));
    expect(cueTexts.some((text) => text.includes('-->'))).toBe(false);
    const { errors, cues } = parse(vtt);
    expect(errors).toEqual([]);
    expect(cues.map((cue) => shown(cue.tree.children))).toEqual(typed);
    expect(escapeWebVttText('<&>')).toBe('&lt;&amp;&gt;');
  });

  it("keeps SRT's italic, bold and underline as WebVTT tags and drops <font>", () => {
    const vtt = writeWebVtt([
      { startMs: 0, endMs: 1000, text: '<I>Quietly</I> <font color="red">now</font>' },
    ]);
    expect(vtt).toContain('<i>Quietly</i> now');
    const [cue] = parse(vtt).cues;
    expect(cue?.tree.children[0]).toMatchObject({ type: 'object', name: 'i' });
    expect(shown(cue?.tree.children ?? [])).toBe('Quietly now');
  });

  it('round-trips Chinese, Japanese, Korean and Thai text', () => {
    const texts = [
      '我们今天讨论\n这个问题。',
      '東京で会いましょう。',
      '안녕하세요, 여러분.',
      'สวัสดีครับ ยินดีต้อนรับ',
    ];
    const vtt = writeWebVtt(
      texts.map((text, index) => ({ startMs: index * 2000, endMs: index * 2000 + 1500, text })),
    );
    const { errors, cues } = parse(vtt);
    expect(errors).toEqual([]);
    expect(cues.map((cue) => shown(cue.tree.children))).toEqual(texts);
  });

  it('leaves out cues without text and blank lines that would end a cue early', () => {
    const vtt = writeWebVtt([
      { startMs: 0, endMs: 1000, text: '  \n ' },
      { startMs: 1000, endMs: 2000, text: 'One\n\nTwo' },
    ]);
    const { errors, cues } = parse(vtt);
    expect(errors).toEqual([]);
    expect(cues.map((cue) => shown(cue.tree.children))).toEqual(['One\nTwo']);
    expect(formatWebVttTime(-5)).toBe('00:00:00.000');
  });
});
