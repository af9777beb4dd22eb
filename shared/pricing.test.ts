import { describe, expect, it } from 'vitest';
import { cents } from './money';
import { DEFAULT_PRICES, priceFor, reburnPriceFor, startedMinutes } from './pricing';

describe('price per started minute', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 10],
    [60, 1, 10],
    [61, 2, 20],
    [1800, 30, 300],
  ])('%i s is %i started minute(s) and %i cents at the default price', (seconds, minutes, price) => {
    expect(startedMinutes(seconds)).toBe(minutes);
    expect(priceFor(seconds, DEFAULT_PRICES)).toBe(price);
  });

  it('never charges less than the minimum price', () => {
    const prices = { pricePerMinute: cents(10), minimumPrice: cents(50) };
    expect(priceFor(0, prices)).toBe(50);
    expect(priceFor(61, prices)).toBe(50);
    expect(priceFor(1800, prices)).toBe(300);
  });
});

describe('a re-burn past the free revisions', () => {
  it('costs the started minutes of the changed segments at the re-burn price, with no minimum', () => {
    expect(DEFAULT_PRICES.reburnPerMinute).toBe(5);
    expect(reburnPriceFor(0, DEFAULT_PRICES)).toBe(0);
    expect(reburnPriceFor(45, DEFAULT_PRICES)).toBe(5);
    expect(reburnPriceFor(95, { reburnPerMinute: cents(8) })).toBe(16);
  });
});
