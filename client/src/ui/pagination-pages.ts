import { PAGINATION_WINDOW } from '../../../shared/limits';

export type PageItem = number | 'leading-dots' | 'trailing-dots';

export function countPages(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/** PRODUCT.md §2: the pager shows only when there are more items than fit one page. */
export function isPaginationShown(total: number, pageSize: number): boolean {
  return total > pageSize;
}

/** PRODUCT.md §2: page changes outside 1..totalPages are ignored. */
export function isPageInRange(page: number, totalPages: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= totalPages;
}

/**
 * The page list of PRODUCT.md §2: page 1, dots, the pages within the window of the current one, dots,
 * the last page. With a window of 2 the leading dots show when page > 4 and the trailing dots when
 * page < totalPages - 3, that is exactly when at least one page is hidden between the ends and the window.
 */
export function paginationPages(
  page: number,
  totalPages: number,
  window: number = PAGINATION_WINDOW,
): PageItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(Math.trunc(page), 1), totalPages);
  const items: PageItem[] = [1];
  if (current - window > 2) items.push('leading-dots');
  const first = Math.max(2, current - window);
  const last = Math.min(totalPages - 1, current + window);
  for (let shown = first; shown <= last; shown++) items.push(shown);
  if (current + window < totalPages - 1) items.push('trailing-dots');
  if (totalPages > 1) items.push(totalPages);
  return items;
}
