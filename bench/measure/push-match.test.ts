import { describe, expect, it } from 'vitest';
import { isEventOfExactVideo, pushLatency } from './push-match';

const event = (videoId: number, at: number) => ({
  at,
  event: 'message',
  data: `{"type":"video","companyId":3,"videoId":${videoId}}`,
});

describe('status push latency per change', () => {
  it('matches an event to its own video only, not to one whose id starts the same', () => {
    expect(isEventOfExactVideo(12)(event(12, 0))).toBe(true);
    expect(isEventOfExactVideo(12)(event(123, 0))).toBe(false);
    expect(isEventOfExactVideo(123)(event(12, 0))).toBe(false);
  });

  it('measures from the start of the write to the arrival of its event', () => {
    expect(pushLatency({ videoId: 7, at: 1000 }, event(7, 1012.5))).toBe(12.5);
  });

  it('refuses an event that arrived before its write began, and an event of another video', () => {
    expect(() => pushLatency({ videoId: 7, at: 1000 }, event(7, 990))).toThrow(/before its write began/);
    expect(() => pushLatency({ videoId: 7, at: 1000 }, event(8, 1010))).toThrow(/not about video 7/);
  });
});
