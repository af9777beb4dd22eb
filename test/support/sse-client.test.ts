import { describe, expect, it } from 'vitest';
import { parseSseChunk } from './sse-client';

describe('server-sent events', () => {
  it('splits complete events and keeps a partial one for the next chunk', () => {
    const { events, rest } = parseSseChunk('event: connected\ndata: {}\n\ndata: {"a":1}\r\n\r\ndata: {"b"');
    expect(events).toEqual([
      { event: 'connected', data: '{}' },
      { event: 'message', data: '{"a":1}' },
    ]);
    expect(rest).toBe('data: {"b"');
  });

  it('ignores comments and keep-alives', () => {
    expect(parseSseChunk(': ping\n\n').events).toEqual([]);
  });
});
