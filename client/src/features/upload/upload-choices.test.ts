import { describe, expect, it } from 'vitest';
import {
  initialSelection,
  languageName,
  markReachable,
  PLAN_OPTIONS,
  planName,
  unreachableMessage,
} from './upload-choices';

describe('initial generate choices', () => {
  it("defaults to 'full-text' and English", () => {
    expect(initialSelection({})).toEqual({ plan: 'full-text', inLan: 'en', outLan: 'en' });
  });

  it('uses saved values from the lists of PRODUCT.md §9 and ignores others', () => {
    expect(initialSelection({ plan: '17', inLan: 'de', outLan: 'ja' })).toEqual({
      plan: '17',
      inLan: 'de',
      outLan: 'ja',
    });
    expect(initialSelection({ plan: 'fast', inLan: 'ja', outLan: null })).toEqual({
      plan: 'full-text',
      inLan: 'en',
      outLan: 'en',
    });
  });
});

describe('plan options', () => {
  it('show the plan names of PRODUCT.md §9 with 20 recommended and store the plan ids', () => {
    expect(PLAN_OPTIONS.map((option) => [option.value, option.label])).toEqual([
      ['full-text', 'No Compression'],
      ['20', 'Minimal (recommended)'],
      ['17', 'Moderate'],
      ['15', 'Maximum'],
    ]);
  });
});

describe('names', () => {
  it('name plans and languages', () => {
    expect(planName('20')).toBe('Minimal');
    expect(planName(null)).toBe('');
    expect(languageName('th')).toBe('Thai');
    expect(languageName('')).toBe('');
  });
});

describe('reachable output languages', () => {
  const options = [
    { value: 'en', label: 'English' },
    { value: 'ja', label: 'Japanese' },
  ];

  it('marks the languages the engines cannot reach', () => {
    expect(markReachable(options, ['en'])).toEqual([
      { value: 'en', label: 'English' },
      { value: 'ja', label: 'Japanese (not available yet)', disabled: true },
    ]);
  });

  it('leaves every option open while nothing is known', () => {
    expect(markReachable(options, undefined)).toEqual(options);
  });

  it('explains an unreachable pair', () => {
    expect(unreachableMessage('de', 'ja', ['de', 'en'])).toBe(
      'Japanese subtitles cannot be made from German on this server yet. Choose another output language.',
    );
    expect(unreachableMessage('de', 'en', ['de', 'en'])).toBeNull();
    expect(unreachableMessage('de', 'ja', undefined)).toBeNull();
  });
});
