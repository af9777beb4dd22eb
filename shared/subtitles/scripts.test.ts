import { describe, expect, it } from 'vitest';
import { cueLanguage, languageOfText } from './scripts';

const srt = (...texts: string[]) =>
  texts
    .map((text, index) => `${index + 1}\n00:00:0${index},000 --> 00:00:0${index},900\n${text}`)
    .join('\n\n');

describe('languageOfText (a file whose language is not named)', () => {
  it('is English for an English file with one Japanese cue: by letters, not by the first script found', () => {
    expect(
      languageOfText(srt('Welcome to the show.', 'こんにちは、世界', 'That was hello in Japanese.')),
    ).toBe('en');
  });

  it('is Japanese for a mostly Japanese file, with English words and an English cue in it', () => {
    expect(
      languageOfText(srt('今日はYouTubeで動画を見ました。', 'とても面白かったです。', 'OK, thanks!')),
    ).toBe('ja');
  });

  it('tells the scripts of Han apart: Chinese with one Japanese cue stays Chinese, Korean is Korean', () => {
    expect(
      languageOfText(srt('我们明天早上要去北京看长城。', '然后下午回家吃饭，晚上看电影。', 'はい')),
    ).toBe('zh');
    expect(languageOfText(srt('오늘은 날씨가 정말 좋네요.'))).toBe('ko');
    expect(languageOfText(srt('สวัสดีครับ', 'Hi'))).toBe('th');
    expect(languageOfText(srt('Привет, как дела?'))).toBe('ru');
    expect(languageOfText(srt('नमस्ते दुनिया'))).toBe('hi');
  });

  it('is English without letters', () => {
    expect(languageOfText(srt('123', '♪ ♪'))).toBe('en');
    expect(languageOfText('')).toBe('en');
  });
});

describe('cueLanguage', () => {
  it("is the file's when the cue holds its script, or has no letters", () => {
    expect(cueLanguage('YouTubeで見た', 'ja')).toBe('ja');
    expect(cueLanguage('東京', 'ja')).toBe('ja');
    expect(cueLanguage('Bonjour à tous', 'fr')).toBe('fr');
    expect(cueLanguage('Welcome to 東京', 'en')).toBe('en');
    expect(cueLanguage('♪ 123 ♪', 'ja')).toBe('ja');
  });

  it("is the cue's own script's otherwise", () => {
    expect(cueLanguage('こんにちは、世界', 'en')).toBe('ja');
    expect(cueLanguage('{\\an8}<i>こんにちは</i>', 'en')).toBe('ja');
    expect(cueLanguage('北京欢迎你', 'en')).toBe('zh');
    expect(cueLanguage('OK, thanks!', 'ja')).toBe('en');
    expect(cueLanguage('สวัสดีครับ', 'en')).toBe('th');
    expect(cueLanguage('Hello there', 'ru')).toBe('en');
  });
});
