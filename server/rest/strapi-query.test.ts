import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../errors';
import { applyCollectionQuery, paginationMeta, parseCollectionQuery } from './strapi-query';

const fields = ['id', 'name'] as const;
const parse = (query: string) => parseCollectionQuery(qs.parse(query), { fields, defaultPageSize: 10 });
const rows = [
  { id: 1, name: 'Birch' },
  { id: 2, name: 'acme' },
  { id: 3, name: 'Cobalt' },
];
const read = { id: (row: (typeof rows)[number]) => row.id, name: (row: (typeof rows)[number]) => row.name };

describe('Strapi v4 collection queries', () => {
  it("reads the legacy short forms of PRODUCT.md §7 and Strapi's own, to the same query", () => {
    expect(parse('page=2&pageSize=5&sort=name:asc&filters[id]=3')).toEqual(
      parse('pagination[page]=2&pagination[pageSize]=5&sort[0]=name:asc&filters[id][$eq]=3'),
    );
  });

  it('applies filters, then the sort, then the window, counting what the filters kept', () => {
    const query = parse(
      'filters[id][$in][0]=1&filters[id][$in][1]=2&filters[id][$in][2]=3&sort=name:desc&pagination[start]=1&pagination[limit]=1',
    );
    const { rows: page, total } = applyCollectionQuery(rows, query, read);
    expect(page.map((row) => row.name)).toEqual(['Birch']);
    expect(total).toBe(3);
    expect(paginationMeta(query.window, total)).toEqual({ start: 1, limit: 1, total: 3 });
  });

  it('refuses what it does not know with a 400, never a server error', () => {
    for (const hostile of [
      'filters[password][$eq]=x',
      'filters[name][$where]=1',
      'sort=name:sideways',
      'sort=secret:asc',
      'pagination[page]=0',
      'pagination[page]=1&pagination[start]=0',
      'pagination[pageSize]=abc',
      'pagination[evil]=1',
    ]) {
      expect(() => parse(hostile), hostile).toThrow(InvalidInput);
    }
  });
});
