import { describe, expect, it } from 'vitest';
import { asciiFallback, attachment } from './content-disposition';

describe('a download saved under its name', () => {
  it.each([
    ['会議の記録.mp4', 'download.mp4'],
    ['会議の記録.ja.srt', 'download.ja.srt'],
    ['会議の記録_subtitled.mp4', 'subtitled.mp4'],
    ['会議', 'download'],
    ['Café Zoë.srt', 'Cafe Zoe.srt'],
    ['Запись "A".vtt', 'A.vtt'],
    ['!!!', 'download'],
    ['talk.mp4', 'talk.mp4'],
  ])('%s falls back to %s in plain ASCII', (name, fallback) => {
    expect(asciiFallback(name)).toBe(fallback);
  });

  it('writes only header-safe characters and the exact name in filename*', () => {
    const name = "Qu'est-ce (1)*!.mp4";
    const header = attachment(name);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    const encoded = /filename\*=UTF-8''([^;]+)$/.exec(header)?.[1] ?? '';
    expect(encoded).not.toMatch(/['()*!]/);
    expect(decodeURIComponent(encoded)).toBe(name);
  });
});
