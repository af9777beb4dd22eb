import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from '../../../../server/domains/content/sanitize';

/*
 * PRODUCT.md §1: home has a review widget. It is content-driven: an https iframe embed inside the home page's
 * html (see ContentSection). These checks pin that the embed survives the one page-html policy and
 * that the usual attacks through an "embed" do not.
 */
describe('the home review widget as page html', async () => {
  const widget =
    '<iframe src="https://widget.reviews.example/company/42" title="Customer reviews" width="100%" height="240" loading="lazy"></iframe>';

  it('keeps an https iframe embed with its size and title', async () => {
    const html = await sanitizePageHtml(`<p>What customers say</p>${widget}`);
    expect(html).toContain('<iframe src="https://widget.reviews.example/company/42"');
    expect(html).toContain('title="Customer reviews"');
    expect(html).toContain('loading="lazy"');
  });

  it('drops script-tag widgets, event handlers and javascript: sources', async () => {
    const html = await sanitizePageHtml(
      '<script src="https://widget.reviews.example/loader.js"></script>' +
        '<iframe src="javascript:alert(1)" title="x"></iframe>' +
        '<iframe src="https://widget.reviews.example/w" onload="alert(1)" title="y"></iframe>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onload');
  });
});
