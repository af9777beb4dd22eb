import { describe, expect, it } from 'vitest';
import { cents } from '../../../../shared/money';
import { missingEuros, quotePrice } from './price-line';

const prices = { pricePerMinute: cents(10), minimumPrice: cents(0) };

describe('price quote', () => {
  it('counts started minutes', () => {
    expect(quotePrice(4, prices)).toMatchObject({ minutes: 1, total: 10, text: '1 minute × €0.10 = €0.10' });
    expect(quotePrice(61, prices).text).toBe('2 minutes × €0.10 = €0.20');
    expect(quotePrice(0, prices).text).toBe('0 minutes × €0.10 = €0.00');
  });

  it('says when the minimum price makes the total', () => {
    const quote = quotePrice(30, { pricePerMinute: cents(10), minimumPrice: cents(50) });
    expect(quote.total).toBe(50);
    expect(quote.minimumApplies).toBe(true);
    expect(quote.text).toBe('1 minute × €0.10 = €0.50');
  });
});

describe('missing euros', () => {
  it('is the difference in euros, never negative', () => {
    expect(missingEuros(130, 20)).toBe(1.1);
    expect(missingEuros(10, 20)).toBe(0);
  });
});
