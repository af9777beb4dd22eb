import { describe, expect, it } from 'vitest';
import { shownByLibass } from '../../test/support/libass-text';
import type { OutputLanguage } from '../languages';
import { ADVANCE_PER_WIDTH_UNIT, assFontSize, cuesToAss, formatAssTime } from './ass';
import { escapeAssText } from './ass-text';
import type { Cue } from './cue';
import {
  customFromPreset,
  customSubtitleStyle,
  resolveStyle,
  type SubtitleStyleId,
  subtitleStyle,
} from './subtitle-style';

function dialogueTexts(ass: string): string[] {
  return ass
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => line.split(',').slice(9).join(','));
}

function styleFields(ass: string): string[] {
  return (ass.split('\n').find((line) => line.startsWith('Style: ')) ?? '')
    .slice('Style: '.length)
    .split(',');
}

const video = { width: 1920, height: 1080, language: 'en' as OutputLanguage };

describe('cuesToAss', () => {
  it('shows every character the user typed, never obeying ASS codes in the text', () => {
    const hostile = [
      '{\\an8}{\\c&H0000FF&}Moved and red?',
      'C:\\New folder\\notes {not a tag} \\h and \\N typed',
      'Lone { brace and lone } brace \\',
      '\\{escaped\\} and {\\fs200}big',
    ];
    const cues: Cue[] = hostile.map((text, index) => ({
      startMs: index * 1000,
      endMs: index * 1000 + 900,
      text,
    }));
    const shown = dialogueTexts(cuesToAss(cues, video)).map(shownByLibass);
    expect(shown).toEqual(hostile);
  });

  it('breaks lines with \\N exactly where the shaping put them', () => {
    const [text] = dialogueTexts(
      cuesToAss([{ startMs: 0, endMs: 1000, text: '我们明天早上要去北京看长城，\n然后下午回家吃饭。' }], {
        ...video,
        language: 'zh',
      }),
    );
    expect(text).toBe('我们明天早上要去北京看长城，\\N然后下午回家吃饭。');
  });

  it('turns SRT italics and bold into ASS styling', () => {
    const [text = ''] = dialogueTexts(
      cuesToAss([{ startMs: 0, endMs: 1000, text: '<i>Quietly</i> <b>now</b>' }], video),
    );
    expect(text).toBe('{\\i1}Quietly{\\i0} {\\b1}now{\\b0}');
    expect(shownByLibass(text)).toBe('Quietly now');
  });

  it('keeps a backslash typed before SRT styling a backslash, escaping neither the block nor the next letter', () => {
    const cues = ['a\\<i>b</i>', 'a\\<font color="red">N</font>', '\\\\<b>h</b>\\'].map(
      (text, index): Cue => ({ startMs: index * 1000, endMs: index * 1000 + 900, text }),
    );
    const shown = dialogueTexts(cuesToAss(cues, video)).map(shownByLibass);
    expect(shown).toEqual(['a\\b', 'a\\N', '\\\\h\\']);
  });

  it('writes times as H:MM:SS.cc and the frame as the script resolution', () => {
    const ass = cuesToAss([{ startMs: 3_723_456, endMs: 3_725_004, text: 'Hi' }], video);
    expect(ass).toContain('Dialogue: 0,1:02:03.46,1:02:05.00,Default,,0,0,0,,Hi');
    expect(ass).toContain('PlayResX: 1920');
    expect(ass).toContain('PlayResY: 1080');
    expect(formatAssTime(0)).toBe('0:00:00.00');
  });

  it('sizes text from the video height, within 68% of the width, with an outline and a safe bottom margin', () => {
    const fields = styleFields(cuesToAss([], video));
    const [
      ,
      ,
      fontSize,
      ,
      ,
      ,
      ,
      ,
      ,
      ,
      ,
      ,
      ,
      ,
      ,
      ,
      outline,
      ,
      alignment,
      marginLeft,
      marginRight,
      marginBottom,
    ] = fields;
    // The default style: the BBC's line height of about 8% of the frame.
    expect(Number(fontSize)).toBe(Math.floor(1080 * 0.08));
    expect(Number(outline)).toBeGreaterThan(0);
    expect(alignment).toBe('2');
    expect(Number(marginLeft) + Number(marginRight)).toBeCloseTo(1920 * 0.32, -1);
    expect(Number(marginBottom)).toBeGreaterThan(1080 * 0.05);
    expect(
      Math.abs(assFontSize({ ...video, height: 2160, width: 3840 }) - 2 * assFontSize(video)),
    ).toBeLessThanOrEqual(1);
  });

  it('sizes text on a portrait video by its shorter side, as on the same landscape frame turned', () => {
    const portrait = { width: 1080, height: 1920, language: 'en' as OutputLanguage };
    expect(assFontSize(portrait)).toBe(assFontSize({ ...portrait, width: 1920, height: 1080 }));
    // Not the 2% of the height a full 42-character line on one row would leave.
    expect(assFontSize(portrait) / 1920).toBeGreaterThan(0.04);
  });

  it('still makes text smaller on a narrow landscape frame so a full line fits', () => {
    const wide = { width: 1920, height: 1080, language: 'en' as OutputLanguage };
    const size = assFontSize(wide);
    expect(size * 42 * ADVANCE_PER_WIDTH_UNIT.grapheme).toBeLessThanOrEqual(1920 * 0.68);
  });

  it('writes each preset: classic smaller, boxed with an opaque box (border style 3), yellow text', () => {
    const size = (style: SubtitleStyleId) =>
      Number(styleFields(cuesToAss([], { ...video, style: subtitleStyle(style) }))[2]);
    expect(size('classic')).toBe(Math.floor(1080 * 0.055));
    expect(size('large')).toBeGreaterThan(size('broadcast'));
    const boxed = styleFields(cuesToAss([], { ...video, style: subtitleStyle('boxed') }));
    expect(boxed[15]).toBe('3');
    // The box colour (outline colour with border style 3): black, 70% opaque (alpha 0x4D).
    expect(boxed[5]).toBe('&H4D000000');
    expect(styleFields(cuesToAss([], { ...video, style: subtitleStyle('yellow') }))[3]).toBe('&H0000E8FF');
    expect(styleFields(cuesToAss([], { ...video, style: subtitleStyle('broadcast') }))[15]).toBe('1');
  });

  it("writes a company's own style: its size, colours, place and weight over the preset it started from", () => {
    const custom = customSubtitleStyle({
      ...customFromPreset('boxed'),
      sizeShareOfHeight: 0.1,
      textColour: '00D040',
      position: 'top',
      bold: true,
    });
    const fields = styleFields(cuesToAss([], { ...video, style: custom }));
    // 10% of the height, unless a full 42-character line would then pass 68% of the width.
    const byWidth = (1920 * 0.68) / (42 * ADVANCE_PER_WIDTH_UNIT.grapheme);
    expect(Number(fields[2])).toBe(Math.floor(Math.min(1080 * 0.1, byWidth)));
    expect(Number(fields[2])).toBeGreaterThan(Math.floor(1080 * 0.08));
    expect(fields[3]).toBe('&H0040D000');
    // Bold, the preset's box kept (border style 3), at the top (alignment 8).
    expect([fields[7], fields[15], fields[18]]).toEqual(['-1', '3', '8']);
    expect(resolveStyle('custom', null)).toBe(subtitleStyle(null));
    expect(resolveStyle('custom', customFromPreset('yellow')).textColour).toBe('FFE800');
  });

  it('picks a Noto font that covers each language', () => {
    const fonts: Record<string, string> = {
      en: 'Noto Sans Medium',
      ru: 'Noto Sans Medium',
      ja: 'Noto Sans JP Medium',
      ko: 'Noto Sans KR Medium',
      zh: 'Noto Sans SC Medium',
      th: 'Noto Sans Thai Medium',
      hi: 'Noto Sans Devanagari Medium',
    };
    for (const [language, font] of Object.entries(fonts)) {
      const ass = cuesToAss([], { ...video, language: language as OutputLanguage });
      expect(styleFields(ass)[1]).toBe(font);
      expect(ass).toContain(`Language: ${language}`);
    }
  });
});

describe('cuesToAss, a file of more than one script (issue 35)', () => {
  const english = (text: string, index: number): Cue => ({
    startMs: index * 1000,
    endMs: index * 1000 + 900,
    text,
  });
  const englishWithOneJapanese = [
    'Welcome to the show, everyone.',
    'Today we travel a long way.',
    'こんにちは、世界',
    'That was Japanese for hello 🎬',
  ].map(english);

  it('keeps an English file with one Japanese cue English, drawing that cue and the emoji in their own faces', () => {
    const ass = cuesToAss(englishWithOneJapanese, { ...video, language: 'en' });
    expect(ass).toContain('Language: en');
    expect(styleFields(ass)[1]).toBe('Noto Sans Medium');
    expect(dialogueTexts(ass)).toEqual([
      'Welcome to the show, everyone.',
      'Today we travel a long way.',
      '{\\fnNoto Sans JP Medium}こんにちは、世界',
      'That was Japanese for hello {\\fnNoto Emoji}🎬',
    ]);
  });

  it('gives a cue whose full line would not fit at the file size its own language size', () => {
    const narrow = { width: 640, height: 600, language: 'ja' as OutputLanguage };
    const ass = cuesToAss([english('東京へようこそ', 0), english('An English line that is long', 1)], narrow);
    const [japanese = '', latin = ''] = dialogueTexts(ass);
    expect(japanese).toBe('東京へようこそ');
    const englishSize = assFontSize({ ...narrow, language: 'en' });
    expect(englishSize).toBeLessThan(assFontSize(narrow));
    expect(latin).toBe(`{\\fs${englishSize}}{\\fnNoto Sans Medium}An English line that is long`);
  });

  it('still shows exactly what was typed across the faces', () => {
    const hostile = [
      'Thai ก\\N and \\{ข\\} {\\fs9}東京 🎬 \\',
      '<i>ข</i> Ж 😀\\Nend',
      'ก<b>b</b>ข',
      '\\🎬\\Nก\\{',
    ];
    for (const language of ['en', 'th', 'ja'] as const) {
      const shown = dialogueTexts(cuesToAss(hostile.map(english), { ...video, language })).map((text) =>
        shownByLibass(text.replace(/\{\\[ib][01]\}/g, '')),
      );
      expect(shown).toEqual(hostile.map((text) => text.replace(/<\/?[ib]>/g, '')));
    }
  });
});

describe('escapeAssText', () => {
  it('leaves ordinary text alone', () => {
    expect(escapeAssText('Plain text, with punctuation!')).toBe('Plain text, with punctuation!');
  });

  it('adds no invisible character where a backslash is not followed by a code', () => {
    expect(escapeAssText('C:\\Users\\me {b}')).toBe('C:\\Users\\me \\{b\\}');
  });
});
