import { describe, expect, it } from 'vitest';
import { countPages, isPageInRange, isPaginationShown, paginationPages } from './pagination-pages';

describe('paginationPages', () => {
  it('lists every page without dots when there are few pages', () => {
    expect(paginationPages(1, 1)).toEqual([1]);
    expect(paginationPages(1, 2)).toEqual([1, 2]);
    expect(paginationPages(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows pages within 2 of the current one, then trailing dots and the last page, on page 1', () => {
    expect(paginationPages(1, 10)).toEqual([1, 2, 3, 'trailing-dots', 10]);
  });

  it('has no leading dots up to page 4 and leading dots from page 5', () => {
    expect(paginationPages(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'trailing-dots', 10]);
    expect(paginationPages(5, 10)).toEqual([1, 'leading-dots', 3, 4, 5, 6, 7, 'trailing-dots', 10]);
  });

  it('has trailing dots only while page < totalPages - 3', () => {
    expect(paginationPages(6, 10)).toEqual([1, 'leading-dots', 4, 5, 6, 7, 8, 'trailing-dots', 10]);
    expect(paginationPages(7, 10)).toEqual([1, 'leading-dots', 5, 6, 7, 8, 9, 10]);
    expect(paginationPages(10, 10)).toEqual([1, 'leading-dots', 8, 9, 10]);
  });

  it('never repeats the first or the last page', () => {
    for (let totalPages = 1; totalPages <= 12; totalPages++) {
      for (let page = 1; page <= totalPages; page++) {
        const numbers = paginationPages(page, totalPages).filter((item) => typeof item === 'number');
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(totalPages);
      }
    }
  });

  it('treats an out-of-range current page as the nearest end', () => {
    expect(paginationPages(0, 10)).toEqual(paginationPages(1, 10));
    expect(paginationPages(99, 10)).toEqual(paginationPages(10, 10));
  });

  it('is empty when there are no pages', () => {
    expect(paginationPages(1, 0)).toEqual([]);
  });
});

describe('page counting and range', () => {
  it('counts started pages', () => {
    expect(countPages(0, 10)).toBe(0);
    expect(countPages(-3, 10)).toBe(0);
    expect(countPages(10, 10)).toBe(1);
    expect(countPages(11, 10)).toBe(2);
  });

  it('shows the pager only when the total exceeds the page size', () => {
    expect(isPaginationShown(10, 10)).toBe(false);
    expect(isPaginationShown(11, 10)).toBe(true);
    expect(isPaginationShown(0, 10)).toBe(false);
  });

  it('accepts only whole pages in 1..totalPages', () => {
    expect(isPageInRange(0, 5)).toBe(false);
    expect(isPageInRange(1, 5)).toBe(true);
    expect(isPageInRange(5, 5)).toBe(true);
    expect(isPageInRange(6, 5)).toBe(false);
    expect(isPageInRange(2.5, 5)).toBe(false);
  });
});
