import { describe, expect, it } from 'vitest';
import { wrapSlide } from './demo-videos';

describe('carousel looping', () => {
  it('wraps past both ends', () => {
    expect(wrapSlide(1, 1, 2)).toBe(0);
    expect(wrapSlide(0, -1, 2)).toBe(1);
    expect(wrapSlide(0, 1, 2)).toBe(1);
    expect(wrapSlide(0, 1, 0)).toBe(0);
  });
});
