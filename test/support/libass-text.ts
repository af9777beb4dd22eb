/**
 * What libass shows for a Dialogue text (its get_next_char rules): `{…}` blocks are commands and
 * hidden, `\N` breaks the line, `\n` is a space, `\h` a no-break space, `\{` and `\}` are braces.
 * Zero-width spaces are invisible and left out. The `\anN` a block sets is returned apart.
 */
export function shownByLibass(text: string): string {
  return readByLibass(text).shown;
}

export function readByLibass(text: string): { shown: string; alignment: number | undefined } {
  let shown = '';
  let alignment: number | undefined;
  let index = 0;
  while (index < text.length) {
    const character = text[index] ?? '';
    const next = text[index + 1] ?? '';
    if (character === '{' && text.indexOf('}', index) > index) {
      const block = text.slice(index, text.indexOf('}', index));
      const an = /\\an([1-9])/.exec(block);
      if (an) alignment = Number(an[1]);
      index = text.indexOf('}', index) + 1;
    } else if (character === '\\' && 'Nnh{}'.includes(next) && next !== '') {
      shown += { N: '\n', n: ' ', h: '\u00A0', '{': '{', '}': '}' }[next] ?? '';
      index += 2;
    } else {
      shown += character;
      index += 1;
    }
  }
  return { shown: shown.replaceAll('\u200B', ''), alignment };
}
