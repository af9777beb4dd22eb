import { describe, expect, it } from 'vitest';
import { cents } from '../../../../shared/money';
import { changedPrices, examplePrices, validatePrices } from './price-form';

const saved = {
  pricePerMinute: cents(10),
  minimumPrice: cents(0),
  reburnPerMinute: cents(5),
  translationPerMinute: cents(5),
};

describe('the prices form', () => {
  it('accepts euros from 0 to 1000 and names each bad field', () => {
    expect(validatePrices({ pricePerMinute: 0.15, minimumPrice: 0, reburnPerMinute: 0.05 })).toEqual({});
    expect(validatePrices({ pricePerMinute: '', minimumPrice: -1, reburnPerMinute: 0.05 })).toEqual({
      pricePerMinute: 'Enter an amount in euros',
      minimumPrice: 'The amount cannot be negative',
    });
    expect(validatePrices({ pricePerMinute: 1000.01, minimumPrice: 'x', reburnPerMinute: 0.05 })).toEqual({
      pricePerMinute: 'At most €1000',
      minimumPrice: 'Enter an amount in euros',
    });
  });

  it('saves only the prices that changed, compared in cents', () => {
    expect(changedPrices({ pricePerMinute: 0.1, minimumPrice: 0, reburnPerMinute: 0.05 }, saved)).toEqual([]);
    expect(
      changedPrices({ pricePerMinute: '0.10', minimumPrice: 0.5, reburnPerMinute: 0.05 }, saved),
    ).toEqual([{ product: 'minimum_price', euros: 0.5 }]);
    expect(
      changedPrices({ pricePerMinute: 0.12, minimumPrice: 1, reburnPerMinute: 0.05 }, saved).map(
        (c) => c.product,
      ),
    ).toEqual(['price_per_minute', 'minimum_price']);
  });

  it('saves a changed re-burn price per minute on its own', () => {
    expect(changedPrices({ pricePerMinute: 0.1, minimumPrice: 0, reburnPerMinute: 0.08 }, saved)).toEqual([
      { product: 'reburn_per_minute', euros: 0.08 },
    ]);
    expect(validatePrices({ pricePerMinute: 0.1, minimumPrice: 0, reburnPerMinute: -0.01 })).toEqual({
      reburnPerMinute: 'The amount cannot be negative',
    });
  });

  it('shows what typical videos would cost with the draft, minimum price included', () => {
    expect(examplePrices({ pricePerMinute: 0.1, minimumPrice: 0.5, reburnPerMinute: 0.05 })).toEqual([
      { seconds: 30, price: 50 },
      { seconds: 90, price: 50 },
      { seconds: 600, price: 100 },
      { seconds: 1800, price: 300 },
    ]);
    expect(examplePrices({ pricePerMinute: -1, minimumPrice: 0, reburnPerMinute: 0.05 })).toBeNull();
  });
});
