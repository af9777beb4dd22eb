import { describe, expect, it } from 'vitest';
import { buyableEuros, prefilledEuros } from './buy-amount';

describe('prefilledEuros', () => {
  it('prefills exactly what is missing, in euros and cents', () => {
    expect(prefilledEuros({ credits: 3 })).toBe(3);
    expect(prefilledEuros({ credits: 2.01 })).toBe(2.01);
    expect(prefilledEuros({ credits: 0.7 })).toBe(0.7);
  });

  it("raises an amount below the smallest purchase to Stripe's €0.50", () => {
    expect(prefilledEuros({ credits: 0.3 })).toBe(0.5);
    expect(prefilledEuros({ credits: 0.1 })).toBe(0.5);
  });

  it('prefills nothing without a positive amount', () => {
    expect(prefilledEuros(null)).toBeNull();
    expect(prefilledEuros({})).toBeNull();
    expect(prefilledEuros({ credits: 0 })).toBeNull();
    expect(prefilledEuros({ credits: 'abc' })).toBeNull();
  });
});

describe('buyableEuros', () => {
  it('takes euros and cents from €0.50 up', () => {
    expect(buyableEuros(5)).toBe(5);
    expect(buyableEuros('10')).toBe(10);
    expect(buyableEuros(1.5)).toBe(1.5);
    expect(buyableEuros('0.50')).toBe(0.5);
    expect(buyableEuros(2.01)).toBe(2.01);
  });

  it('refuses nothing, too little, fractions of a cent and too much', () => {
    expect(buyableEuros('')).toBeNull();
    expect(buyableEuros(0)).toBeNull();
    expect(buyableEuros(-1)).toBeNull();
    expect(buyableEuros(0.49)).toBeNull();
    expect(buyableEuros(1.005)).toBeNull();
    expect(buyableEuros(10_001)).toBeNull();
  });
});
