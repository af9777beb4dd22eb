import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities, googleLanguageCode, translationBatches } from './translation-text';

describe('translation batches', () => {
  it('keeps at most 128 texts a request, in order', () => {
    const texts = Array.from({ length: 300 }, (_, index) => `cue ${index}`);
    const batches = translationBatches(texts);
    expect(batches.map((batch) => batch.length)).toEqual([128, 128, 44]);
    expect(batches.flat()).toEqual(texts);
  });

  it('starts a new request before the size limit, and sends an over-long text alone', () => {
    const batches = translationBatches(['a'.repeat(6), 'b'.repeat(6), 'c'.repeat(20), 'd'], {
      maxTexts: 128,
      maxCodePoints: 12,
    });
    expect(batches).toEqual([['a'.repeat(6), 'b'.repeat(6)], ['c'.repeat(20)], ['d']]);
  });

  it('gives no request for no texts', () => {
    expect(translationBatches([])).toEqual([]);
  });
});

describe('answers from Google', () => {
  it('decodes the entities Google leaves in text answers, once', () => {
    expect(decodeHtmlEntities('L&#39;homme &quot;dit&quot; &amp; &lt;rit&gt; &#x4E2D;')).toBe(
      'L\'homme "dit" & <rit> 中',
    );
    expect(decodeHtmlEntities('&amp;lt; stays &lt; &unknown;')).toBe('&lt; stays < &unknown;');
  });

  it('asks for Simplified Chinese by its Google code', () => {
    expect(googleLanguageCode('zh')).toBe('zh-CN');
    expect(googleLanguageCode('de')).toBe('de');
  });
});
