import { describe, expect, it } from 'vitest';
import { createLiveEventBus, type LiveSignal } from './live-events';

describe('live event bus', () => {
  it('hands each listener only the signal types it asked for', () => {
    const bus = createLiveEventBus();
    const messages: LiveSignal[] = [];
    const videos: LiveSignal[] = [];
    bus.subscribe(['message', 'listening'], (signal) => messages.push(signal));
    bus.subscribe(['video'], (signal) => videos.push(signal));

    bus.publish({ type: 'message', companyId: 1 });
    bus.publish({ type: 'video', companyId: 1, videoId: 9 });
    bus.publish({ type: 'listening' });

    expect(messages).toEqual([{ type: 'message', companyId: 1 }, { type: 'listening' }]);
    expect(videos).toEqual([{ type: 'video', companyId: 1, videoId: 9 }]);
  });

  it('stops calling a listener once it unsubscribed, even from inside a delivery', () => {
    const bus = createLiveEventBus();
    let calls = 0;
    const unsubscribe = bus.subscribe(['message'], () => {
      calls++;
      unsubscribe();
    });
    bus.publish({ type: 'message', companyId: 1 });
    bus.publish({ type: 'message', companyId: 1 });
    expect(calls).toBe(1);
  });
});
