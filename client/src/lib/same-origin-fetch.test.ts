import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie, sameOriginFetch } from './same-origin-fetch';

function captureFetch() {
  const fetchSpy = vi.fn<typeof fetch>(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetchSpy);
  vi.stubGlobal('document', { cookie: 'theme=dark; csrf=token%2Fabc; other=1' });
  return fetchSpy;
}

function sentHeaders(fetchSpy: ReturnType<typeof captureFetch>): Headers {
  return new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
}

describe('sameOriginFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('echoes the csrf cookie on a POST and sends credentials', async () => {
    const fetchSpy = captureFetch();
    await sameOriginFetch('/trpc/content.update', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(sentHeaders(fetchSpy).get('x-csrf-token')).toBe('token/abc');
    expect(sentHeaders(fetchSpy).get('content-type')).toBe('application/json');
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('leaves GET requests without the header', async () => {
    const fetchSpy = captureFetch();
    await sameOriginFetch('/trpc/content.page');
    expect(sentHeaders(fetchSpy).has('x-csrf-token')).toBe(false);
  });
});

describe('readCookie', () => {
  it('finds a cookie by exact name', () => {
    expect(readCookie('csrf', 'xcsrf=1; csrf=two')).toBe('two');
    expect(readCookie('csrf', 'theme=dark')).toBeUndefined();
  });
});
