import { z } from 'zod';
import { InvalidInput } from '../errors';

/**
 * Strapi v4's collection query syntax, which scripts and SDKs written for the old backend send
 * (qs-encoded): `pagination[page]`, `pagination[pageSize]`, `pagination[start]`, `pagination[limit]`,
 * `sort=field:asc` or `sort[0]=field:desc`, `filters[field][$eq|$ne|$in|$containsi]=…`, beside
 * the legacy short forms of PRODUCT.md §7 (`page`, `pageSize`, `filters[field]=value`).
 */
export type FilterOperator = '$eq' | '$ne' | '$in' | '$containsi';
const OPERATORS: readonly FilterOperator[] = ['$eq', '$ne', '$in', '$containsi'];

export interface FieldFilter {
  field: string;
  operator: FilterOperator;
  values: string[];
}

export type Window =
  | { kind: 'page'; page: number; pageSize: number }
  | { kind: 'offset'; start: number; limit: number };

export interface CollectionQuery {
  /** Null when the caller asked for no paging: the whole collection, as Strapi's default page. */
  window: Window | null;
  sort: { field: string; direction: 'asc' | 'desc' }[];
  filters: FieldFilter[];
}

export const MAX_PAGE_SIZE = 100;

const count = (min: number) => z.coerce.number().int().min(min).max(1_000_000);
const scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const list = z.union([z.array(scalar), scalar.transform((value) => value.split(','))]);

const rawQuery = z.looseObject({
  page: count(1).optional(),
  pageSize: count(1).optional(),
  pagination: z
    .strictObject({
      page: count(1).optional(),
      pageSize: count(1).optional(),
      start: count(0).optional(),
      limit: count(1).optional(),
      withCount: z.unknown().optional(),
    })
    .optional(),
  sort: z.union([z.string(), z.array(z.string()), z.record(z.string(), z.string())]).optional(),
  filters: z
    .record(z.string(), z.union([scalar, z.record(z.string(), z.union([scalar, z.array(scalar)]))]))
    .optional(),
});

function refuse(message: string): never {
  throw new InvalidInput(message);
}

function windowOf(raw: z.infer<typeof rawQuery>, defaultPageSize: number): Window | null {
  const pagination = raw.pagination ?? {};
  if (pagination.start !== undefined || pagination.limit !== undefined) {
    if (pagination.page !== undefined || pagination.pageSize !== undefined)
      refuse('pagination: use page and pageSize, or start and limit, not both');
    return {
      kind: 'offset',
      start: pagination.start ?? 0,
      limit: Math.min(pagination.limit ?? defaultPageSize, MAX_PAGE_SIZE),
    };
  }
  const page = pagination.page ?? raw.page;
  const pageSize = pagination.pageSize ?? raw.pageSize;
  if (page === undefined && pageSize === undefined) return null;
  return { kind: 'page', page: page ?? 1, pageSize: Math.min(pageSize ?? defaultPageSize, MAX_PAGE_SIZE) };
}

function sortOf(raw: z.infer<typeof rawQuery>['sort'], fields: readonly string[]) {
  const entries = raw === undefined ? [] : typeof raw === 'string' ? raw.split(',') : Object.values(raw);
  return entries.map((entry) => {
    const [field = '', direction = 'asc'] = entry.trim().split(':');
    if (!fields.includes(field)) refuse(`sort: "${field}" is not one of ${fields.join(', ')}`);
    const lower = direction.toLowerCase();
    if (lower !== 'asc' && lower !== 'desc') refuse(`sort: "${direction}" must be asc or desc`);
    return { field, direction: lower as 'asc' | 'desc' };
  });
}

function filtersOf(raw: z.infer<typeof rawQuery>['filters'], fields: readonly string[]): FieldFilter[] {
  return Object.entries(raw ?? {}).flatMap(([field, condition]) => {
    if (!fields.includes(field)) refuse(`filters: "${field}" is not one of ${fields.join(', ')}`);
    if (typeof condition === 'string') return [{ field, operator: '$eq' as const, values: [condition] }];
    return Object.entries(condition).map(([operator, value]) => {
      if (!OPERATORS.includes(operator as FilterOperator))
        refuse(`filters: "${operator}" is not one of ${OPERATORS.join(', ')}`);
      const values =
        operator === '$in' ? list.parse(value) : [scalar.parse(Array.isArray(value) ? value[0] : value)];
      return { field, operator: operator as FilterOperator, values };
    });
  });
}

/** Reads a collection's query; unknown fields and operators are refused, naming what is allowed. */
export function parseCollectionQuery(
  query: unknown,
  options: { fields: readonly string[]; defaultPageSize: number },
): CollectionQuery {
  const parsed = rawQuery.safeParse(query ?? {});
  if (!parsed.success)
    refuse(`Invalid query: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return {
    window: windowOf(parsed.data, options.defaultPageSize),
    sort: sortOf(parsed.data.sort, options.fields),
    filters: filtersOf(parsed.data.filters, options.fields),
  };
}

type Value = string | number | boolean | null | undefined;

function matches(value: Value, filter: FieldFilter): boolean {
  const text = value === null || value === undefined ? '' : String(value);
  switch (filter.operator) {
    case '$eq':
      return filter.values.includes(text);
    case '$ne':
      return !filter.values.includes(text);
    case '$in':
      return filter.values.includes(text);
    case '$containsi':
      return text.toLowerCase().includes((filter.values[0] ?? '').toLowerCase());
  }
}

function compare(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/**
 * Applies a query to a collection read whole (the small ones: companies, contents, prices, …):
 * filters, then the sort (the rows' own order breaks ties), then the window.
 */
export function applyCollectionQuery<Row>(
  rows: readonly Row[],
  query: CollectionQuery,
  read: Record<string, (row: Row) => Value>,
): { rows: Row[]; total: number } {
  const fieldOf = (row: Row, field: string) => read[field]?.(row);
  const kept = rows.filter((row) =>
    query.filters.every((filter) => matches(fieldOf(row, filter.field), filter)),
  );
  const sorted = query.sort.length
    ? [...kept].sort((a, b) => {
        for (const { field, direction } of query.sort) {
          const order = compare(fieldOf(a, field), fieldOf(b, field));
          if (order !== 0) return direction === 'asc' ? order : -order;
        }
        return 0;
      })
    : kept;
  const { offset, limit } = offsetAndLimit(query.window, sorted.length);
  return { rows: sorted.slice(offset, offset + limit), total: kept.length };
}

export function offsetAndLimit(window: Window | null, total: number) {
  if (!window) return { offset: 0, limit: total };
  if (window.kind === 'offset') return { offset: window.start, limit: window.limit };
  return { offset: (window.page - 1) * window.pageSize, limit: window.pageSize };
}

/** `meta.pagination` as Strapi v4 answers it: page-based, offset-based, or one page of everything. */
export function paginationMeta(window: Window | null, total: number) {
  if (window?.kind === 'offset') return { start: window.start, limit: window.limit, total };
  const page = window ?? { page: 1, pageSize: Math.max(total, 1) };
  return {
    page: page.page,
    pageSize: page.pageSize,
    pageCount: Math.max(1, Math.ceil(total / page.pageSize)),
    total,
  };
}

/**
 * The window as a page, for collections paged in the database by page: an offset window must start
 * on a page boundary there (`pagination[start]` a multiple of `pagination[limit]`).
 */
export function pageOf(window: Window | null, defaultPageSize: number): { page: number; pageSize: number } {
  if (!window) return { page: 1, pageSize: defaultPageSize };
  if (window.kind === 'page') return { page: window.page, pageSize: window.pageSize };
  if (window.start % window.limit !== 0)
    refuse('pagination[start] must be a multiple of pagination[limit] on this collection');
  return { page: window.start / window.limit + 1, pageSize: window.limit };
}
