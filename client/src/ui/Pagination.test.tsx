import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pagination } from './Pagination';

function render(total: number, page: number, pageSize = 10): string {
  return renderToStaticMarkup(
    <MantineProvider withGlobalClasses={false} withCssVariables={false}>
      <Pagination type="Videos" total={total} page={page} pageSize={pageSize} onPageChange={() => {}} />
    </MantineProvider>,
  );
}

function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('Pagination', () => {
  it("says '{type} found: {total}' when there is nothing", () => {
    expect(visibleText(render(0, 1))).toBe('Videos found: 0');
  });

  it('is hidden while everything fits one page', () => {
    expect(render(10, 1)).not.toContain('Previous');
  });

  it('lays out Previous, 1, dots, the window, dots, last, Next', () => {
    expect(visibleText(render(100, 5))).toBe('Previous 1 … 3 4 5 6 7 … 10 Next');
  });

  it('marks the current page and disables Previous on the first page', () => {
    const html = render(30, 1);
    const tagOf = (pattern: RegExp) => html.match(pattern)?.[0] ?? '';
    expect(tagOf(/<button[^>]*aria-label="Page 1"[^>]*>/)).toContain('aria-current="page"');
    expect(tagOf(/<button[^>]*aria-label="Page 2"[^>]*>/)).not.toContain('aria-current');
    const previous = html.slice(0, html.indexOf('Previous'));
    expect(previous.slice(previous.lastIndexOf('<button'))).toContain('disabled');
  });
});
