import { describe, expect, it } from 'vitest';
import { characterCount, displayWidth, visibleText } from './text-width';

describe('displayWidth', () => {
  it('counts every character as 1 in Latin, Thai and Devanagari text', () => {
    expect(displayWidth('Hello, world', 'grapheme')).toBe(12);
    expect(displayWidth('Über', 'grapheme')).toBe(4);
    expect(displayWidth('नमस्ते', 'grapheme')).toBe(3);
    expect(displayWidth('ที่นี่', 'grapheme')).toBe(2);
  });

  it('counts full-width characters as 1 and half-width ones as 0.5 for ja, ko and zh (Netflix)', () => {
    expect(displayWidth('日本語', 'east-asian')).toBe(3);
    expect(displayWidth('한국어', 'east-asian')).toBe(3);
    expect(displayWidth('OK 카페', 'east-asian')).toBe(3.5);
    expect(displayWidth('ｱｲｳ', 'east-asian')).toBe(1.5);
    expect(displayWidth('ＡＢ。', 'east-asian')).toBe(3);
  });
});

describe('characterCount', () => {
  it('counts what a reader reads: graphemes, no line breaks, no formatting tags', () => {
    expect(characterCount('Hi there,\nfriend.')).toBe(16);
    expect(characterCount('<i>Hi</i> {\\an8}you')).toBe(6);
    expect(characterCount('👍🏽 ok')).toBe(4);
  });

  it('shows text without SRT tags or ASS override blocks', () => {
    expect(visibleText('<font color="red">Red</font> <b>bold</b>')).toBe('Red bold');
  });
});
