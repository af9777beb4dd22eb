import { describe, expect, it } from 'vitest';
import type { VideoLanguage } from '../../../../shared/schemas/video-languages';
import { languageParam, searchForLanguage, switcherOptions } from './language-choice';

const language = (
  code: VideoLanguage['language'],
  status: VideoLanguage['status'],
  own = false,
): VideoLanguage => ({
  language: code,
  own,
  status,
  progress: status === 'ready' ? 100 : 30,
  failureReason: null,
  burnStatus: null,
  burnProgress: 0,
  burnFailureReason: null,
  burnOutdated: false,
});

describe("the editor's language switcher", () => {
  it('reads ?language= as an output language, and anything else as the own subtitles', () => {
    expect(languageParam('fr')).toBe('fr');
    expect(languageParam('ja')).toBe('ja');
    expect(languageParam(null)).toBeUndefined();
    expect(languageParam('')).toBeUndefined();
    expect(languageParam('xx')).toBeUndefined();
    expect(languageParam('FR')).toBeUndefined();
  });

  it('offers the own subtitles first and only the added languages that are translated', () => {
    expect(
      switcherOptions([
        language('en', 'ready', true),
        language('fr', 'ready'),
        language('de', 'translating'),
        language('ja', 'failed'),
        language('es', 'ready'),
      ]),
    ).toEqual([
      { value: 'en', label: 'English (the video’s own)' },
      { value: 'fr', label: 'French' },
      { value: 'es', label: 'Spanish' },
    ]);
  });

  it('names an added language in the address and leaves it out for the own subtitles, keeping the rest', () => {
    const search = new URLSearchParams('cue=3');
    expect(searchForLanguage(search, 'fr', 'en').toString()).toBe('cue=3&language=fr');
    expect(searchForLanguage(new URLSearchParams('language=fr'), 'en', 'en').toString()).toBe('');
    expect(search.toString()).toBe('cue=3');
  });
});
