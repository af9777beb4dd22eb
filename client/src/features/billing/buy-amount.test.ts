import { describe, expect, it } from 'vitest';
import { buyableEuros, prefilledEuros } from './buy-amount';

describe('prefilledEuros', () => {
  it('prefills the missing euros, rounded up to whole euros', () => {
    expect(prefilledEuros({ credits: 3 })).toBe(3);
    expect(prefilledEuros({ credits: 0.3 })).toBe(1);
    expect(prefilledEuros({ credits: 2.01 })).toBe(3);
  });

  it('prefills nothing without a positive amount', () => {
    expect(prefilledEuros(null)).toBeNull();
    expect(prefilledEuros({})).toBeNull();
    expect(prefilledEuros({ credits: 0 })).toBeNull();
    expect(prefilledEuros({ credits: 'abc' })).toBeNull();
  });
});

describe('buyableEuros', () => {
  it('buys only a whole amount above 0', () => {
    expect(buyableEuros(5)).toBe(5);
    expect(buyableEuros('10')).toBe(10);
    expect(buyableEuros('')).toBeNull();
    expect(buyableEuros(0)).toBeNull();
    expect(buyableEuros(-1)).toBeNull();
    expect(buyableEuros(1.5)).toBeNull();
  });
});
