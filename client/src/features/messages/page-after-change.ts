import { countPages } from '../../ui/pagination-pages';

/**
 * The page to show once the total is known: the same page, or the last one when items were deleted
 * from under it (never below 1).
 */
export function pageWithinTotal(page: number, total: number, pageSize: number): number {
  return Math.max(1, Math.min(page, countPages(total, pageSize)));
}
