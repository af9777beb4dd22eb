import { describe, expect, it } from 'vitest';
import { cents } from '../../../../shared/money';
import { PRICE_PRODUCTS } from '../../../../shared/pricing';
import { changedPrices, draftFrom, examplePrices, priceRows, validatePrices } from './price-form';

const saved = {
  pricePerMinute: cents(10),
  minimumPrice: cents(0),
  reburnPerMinute: cents(5),
  translationPerMinute: cents(5),
};

const draft = { pricePerMinute: 0.1, minimumPrice: 0, reburnPerMinute: 0.05, translationPerMinute: 0.05 };

describe('the prices form', () => {
  it('has one row per price product, in their order, each with its label and hint', () => {
    expect(priceRows.map((row) => row.product)).toEqual([...PRICE_PRODUCTS]);
    expect(priceRows.find((row) => row.product === 'translation_per_minute')).toEqual({
      product: 'translation_per_minute',
      field: 'translationPerMinute',
      label: 'Translation per minute',
      hint: 'Charged for every started minute of the video, for each language added to a finished video',
    });
  });

  it('starts from the saved prices in euros', () => {
    expect(draftFrom({ ...saved, translationPerMinute: cents(7) })).toEqual({
      ...draft,
      translationPerMinute: 0.07,
    });
  });

  it('accepts euros from 0 to 1000 and names each bad field', () => {
    expect(validatePrices({ ...draft, pricePerMinute: 0.15 })).toEqual({});
    expect(validatePrices({ ...draft, pricePerMinute: '', minimumPrice: -1 })).toEqual({
      pricePerMinute: 'Enter an amount in euros',
      minimumPrice: 'The amount cannot be negative',
    });
    expect(validatePrices({ ...draft, pricePerMinute: 1000.01, minimumPrice: 'x' })).toEqual({
      pricePerMinute: 'At most €1000',
      minimumPrice: 'Enter an amount in euros',
    });
  });

  it('saves only the prices that changed, compared in cents', () => {
    expect(changedPrices(draft, saved)).toEqual([]);
    expect(changedPrices({ ...draft, pricePerMinute: '0.10', minimumPrice: 0.5 }, saved)).toEqual([
      { product: 'minimum_price', euros: 0.5 },
    ]);
    expect(
      changedPrices({ ...draft, pricePerMinute: 0.12, minimumPrice: 1 }, saved).map((c) => c.product),
    ).toEqual(['price_per_minute', 'minimum_price']);
  });

  it('saves a changed re-burn price per minute on its own', () => {
    expect(changedPrices({ ...draft, reburnPerMinute: 0.08 }, saved)).toEqual([
      { product: 'reburn_per_minute', euros: 0.08 },
    ]);
    expect(validatePrices({ ...draft, reburnPerMinute: -0.01 })).toEqual({
      reburnPerMinute: 'The amount cannot be negative',
    });
  });

  it('saves a changed translation price per minute on its own, checked like the others', () => {
    expect(changedPrices({ ...draft, translationPerMinute: 0.2 }, saved)).toEqual([
      { product: 'translation_per_minute', euros: 0.2 },
    ]);
    expect(validatePrices({ ...draft, translationPerMinute: '' })).toEqual({
      translationPerMinute: 'Enter an amount in euros',
    });
    expect(validatePrices({ ...draft, translationPerMinute: 1001 })).toEqual({
      translationPerMinute: 'At most €1000',
    });
  });

  it('shows what typical videos would cost with the draft, minimum price included', () => {
    expect(examplePrices({ ...draft, minimumPrice: 0.5 })).toEqual([
      { seconds: 30, price: 50 },
      { seconds: 90, price: 50 },
      { seconds: 600, price: 100 },
      { seconds: 1800, price: 300 },
    ]);
    expect(examplePrices({ ...draft, pricePerMinute: -1 })).toBeNull();
  });
});
