import { paginationMeta, type Window } from './strapi-query';

/** Strapi v4 answer shapes used by the legacy REST client (PRODUCT.md §3 and §7). */
export interface Entity<A> {
  id: number;
  attributes: A;
}

export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export function entity<A>(id: number, attributes: A): Entity<A> {
  return { id, attributes };
}

export function one<A>(id: number, attributes: A) {
  return { data: entity(id, attributes), meta: {} };
}

export function many<A>(items: Entity<A>[], pagination?: { page: number; pageSize: number; total: number }) {
  const page = pagination ?? { page: 1, pageSize: Math.max(items.length, 1), total: items.length };
  return {
    data: items,
    meta: {
      pagination: {
        ...page,
        pageCount: Math.max(1, Math.ceil(page.total / page.pageSize)),
      } satisfies Pagination,
    },
  };
}

/** A collection answer with Strapi v4's `meta.pagination` for the window asked (strapi-query.ts). */
export function collection<A>(items: Entity<A>[], window: Window | null, total: number) {
  return { data: items, meta: { pagination: paginationMeta(window, total) } };
}

export function strapiError(status: number, name: string, message: string, details: unknown = {}) {
  return { data: null, error: { status, name, message, details } };
}
