import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range';

describe('byteRange', () => {
  const size = 1000;

  it('serves the whole file without a header or with one it does not handle', () => {
    expect(byteRange(undefined, size)).toBeUndefined();
    expect(byteRange('bytes=0-1,5-9', size)).toBeUndefined();
    expect(byteRange('items=0-5', size)).toBeUndefined();
    expect(byteRange('bytes=-', size)).toBeUndefined();
  });

  it('reads a closed, an open and a suffix range', () => {
    expect(byteRange('bytes=0-99', size)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', size)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', size)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', size)).toEqual({ start: 0, end: 999 });
  });

  it('clips an end past the file and refuses a start past it', () => {
    expect(byteRange('bytes=990-5000', size)).toEqual({ start: 990, end: 999 });
    expect(byteRange('bytes=1000-', size)).toBeNull();
    expect(byteRange('bytes=50-10', size)).toBeNull();
    expect(byteRange('bytes=-0', size)).toBeNull();
  });
});
