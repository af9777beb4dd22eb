import { Button, Group, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '../../../shared/limits';
import { countPages, isPageInRange, isPaginationShown, paginationPages } from './pagination-pages';

export interface PaginationProps {
  /** What is being paged, for the empty text '{type} found: {total}' (e.g. 'Videos'). */
  type: string;
  total: number;
  page: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
}

/** The pager of PRODUCT.md §2: Previous, 1, dots, the pages around the current one, dots, last, Next. */
export function Pagination({
  type,
  total,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
}: PaginationProps) {
  if (total <= 0) {
    return (
      <Text c="dimmed" size="sm" role="status">
        {type} found: {total}
      </Text>
    );
  }
  if (!isPaginationShown(total, pageSize)) return null;

  const totalPages = countPages(total, pageSize);
  const goTo = (target: number) => {
    if (isPageInRange(target, totalPages) && target !== page) onPageChange(target);
  };

  return (
    <nav aria-label={`${type} pages`}>
      <Group gap={4} wrap="wrap">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => goTo(page - 1)}>
          Previous
        </Button>
        {paginationPages(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="xs"
              variant={item === page ? 'filled' : 'default'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => goTo(item)}
            >
              {item}
            </Button>
          ) : (
            <Text key={item} component="span" px={4} c="dimmed" aria-hidden>
              …
            </Text>
          ),
        )}
        <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
          Next
        </Button>
      </Group>
    </nav>
  );
}
