import { describe, expect, it } from 'vitest';
import {
  addableOptions,
  addLanguagePrice,
  burnChoice,
  burnItemLabel,
  chipColor,
  chipLabel,
  chipText,
  editorPath,
  type LanguageChipView,
  languageInProgress,
  rowLanguages,
  withDetails,
} from './video-languages';

const french = (chip: Partial<LanguageChipView> = {}): LanguageChipView => ({
  language: 'fr',
  status: 'ready',
  burnStatus: null,
  ...chip,
});

describe('the language chips of My Videos', () => {
  it('say how each language stands, with its progress while it is made', () => {
    expect(chipLabel(french())).toBe('French');
    expect(chipLabel(french({ status: 'translating', progress: 42.4 }))).toBe('French: translating 42%');
    expect(chipLabel(french({ status: 'translating' }))).toBe('French: translating');
    expect(chipLabel(french({ status: 'failed' }))).toBe('French: failed');
    expect(chipLabel(french({ burnStatus: 'burning', burnProgress: 130 }))).toBe('French: burning 100%');
    expect(chipLabel(french({ burnStatus: 'ready' }))).toBe('French');
    expect(chipText(french({ status: 'translating', progress: 42.4 }))).toBe('French 42%');
    expect(chipText(french({ status: 'failed' }))).toBe('French failed');
    expect(chipText(french({ burnStatus: 'burning', burnProgress: 7 }))).toBe('French 7%');
    expect(chipText(french())).toBe('French');
  });

  it('colour work running blue, a failure red and a ready language green', () => {
    expect(chipColor(french({ status: 'translating' }))).toBe('blue');
    expect(chipColor(french({ burnStatus: 'burning' }))).toBe('blue');
    expect(chipColor(french({ status: 'failed' }))).toBe('red');
    expect(chipColor(french())).toBe('teal');
  });

  it('count a language being translated or burned as work in progress', () => {
    expect(languageInProgress(french({ status: 'translating' }))).toBe(true);
    expect(languageInProgress(french({ burnStatus: 'burning' }))).toBe(true);
    expect(languageInProgress(french({ burnStatus: 'failed' }))).toBe(false);
    expect(languageInProgress(french())).toBe(false);
    expect(rowLanguages({})).toEqual([]);
  });

  it('take the progress, the failure and the outdated burn from the languages answer, once asked', () => {
    const listed = french({ burnStatus: 'ready' });
    expect(withDetails(listed, undefined)).toBe(listed);
    const answer = [
      { ...french(), language: 'fr' as const, own: true },
      {
        ...french({ burnStatus: 'ready', burnOutdated: true, progress: 100, failureReason: null }),
        own: false,
      },
    ];
    // The own entry of another video's language is not taken for the added one.
    expect(withDetails(listed, answer.slice(0, 1))).toBe(listed);
    expect(burnChoice(withDetails(listed, answer))).toBe('reburn');
  });

  it('offer a burn of a ready language, again only when its burned video is outdated', () => {
    expect(burnChoice(french({ status: 'translating' }))).toBe('unavailable');
    expect(burnChoice(french())).toBe('burn');
    expect(burnChoice(french({ burnStatus: 'failed' }))).toBe('burn');
    expect(burnChoice(french({ burnStatus: 'burning' }))).toBe('burning');
    expect(burnChoice(french({ burnStatus: 'ready' }))).toBe('unavailable');
    expect(burnChoice(french({ burnStatus: 'ready', burnOutdated: true }))).toBe('reburn');
    expect(burnItemLabel('burn', 250)).toBe('Burn in this language (€2.50)');
    expect(burnItemLabel('reburn', undefined)).toBe('Burn in this language again');
  });

  it('list the addable languages in the usual order, price the addition and link the editor', () => {
    expect(addableOptions(['ja', 'de', 'fr'])).toEqual([
      { value: 'fr', label: 'French' },
      { value: 'de', label: 'German' },
      { value: 'ja', label: 'Japanese' },
    ]);
    expect(addLanguagePrice(120, 250, false)).toBe('€1.20');
    expect(addLanguagePrice(120, 250, true)).toBe('€3.70 (translation €1.20, burned video €2.50)');
    expect(editorPath(7)).toBe('/videos/7/edit');
    expect(editorPath(7, 'fr')).toBe('/videos/7/edit?language=fr');
  });
});
