import { describe, expect, it } from 'vitest';
import { pageWithinTotal } from './page-after-change';

describe('pageWithinTotal', () => {
  it('keeps a page that still exists', () => {
    expect(pageWithinTotal(2, 10, 5)).toBe(2);
  });

  it('steps back to the last page when a delete emptied the current one', () => {
    expect(pageWithinTotal(3, 10, 5)).toBe(2);
  });

  it('never goes below page 1', () => {
    expect(pageWithinTotal(4, 0, 5)).toBe(1);
  });
});
