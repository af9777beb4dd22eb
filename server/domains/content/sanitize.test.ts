import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './sanitize';

describe('the page HTML policy', () => {
  it('keeps ordinary formatting, links and images', async () => {
    const html =
      '<h2>Hi</h2><p><strong>bold</strong> <a href="https://example.com">link</a></p><img src="https://example.com/a.png" alt="a" />';
    expect(await sanitizePageHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<iframe src="javascript:alert(1)"></iframe>', '<iframe></iframe>'],
  ])('makes %s inert', async (input, expected) => {
    expect(await sanitizePageHtml(input)).toBe(expected);
  });

  it('adds noopener to links that open a new tab', async () => {
    expect(await sanitizePageHtml('<a href="https://x.y" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });
});
