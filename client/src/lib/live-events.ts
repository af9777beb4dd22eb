import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveStreamMessage } from '../../../shared/schemas/events';
import { useSession } from './session';
import { useTRPCClient } from './trpc';

/**
 * What live listeners hear: 'listening' each time the event stream starts to hear the company (the
 * first time and after every reconnection: events before it may have been missed, so listeners
 * refetch what they show), then the company's events.
 */
export type LiveSignal = LiveStreamMessage;
export type LiveSignalType = LiveSignal['type'];
export type LiveSignalOf<T extends LiveSignalType> = Extract<LiveSignal, { type: T }>;

type Listener = (signal: LiveSignal) => void;

/** A tiny fan-out from the layout's single event stream to whichever screens listen, and whether it is up. */
export function createLiveEventBus() {
  const listeners = new Set<Listener>();
  const connectionWatchers = new Set<() => void>();
  let connected = false;
  return {
    publish(signal: LiveSignal): void {
      for (const listener of [...listeners]) listener(signal);
    },
    /** Calls `listener` for signals of the given types; returns the unsubscribe function. */
    subscribe<T extends LiveSignalType>(types: readonly T[], listener: (signal: LiveSignalOf<T>) => void) {
      const wanted = new Set<LiveSignalType>(types);
      const filtered: Listener = (signal) => {
        if (wanted.has(signal.type)) listener(signal as LiveSignalOf<T>);
      };
      listeners.add(filtered);
      return () => {
        listeners.delete(filtered);
      };
    },
    setConnected(up: boolean): void {
      if (up === connected) return;
      connected = up;
      for (const watcher of [...connectionWatchers]) watcher();
    },
    isConnected: () => connected,
    watchConnection(watcher: () => void) {
      connectionWatchers.add(watcher);
      return () => {
        connectionWatchers.delete(watcher);
      };
    },
  };
}

export type LiveEventBus = ReturnType<typeof createLiveEventBus>;

/** The browser's one bus, fed by `useLiveEventStream` in the layout. */
export const liveEvents = createLiveEventBus();

/**
 * Opens the one live connection (server-sent events) for the caller's company and hands its events to
 * the bus. Call it once, in the layout. It reconnects when the stored session or company changes (a
 * user who just joined a company starts hearing it); the server ends the stream for a user without one.
 */
export function useLiveEventStream(): void {
  const client = useTRPCClient();
  const { loggedIn, company } = useSession();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new company means a new stream (see above).
  useEffect(() => {
    if (!loggedIn) return;
    const subscription = client.events.company.subscribe(undefined, {
      onData: (message) => liveEvents.publish(message),
      onConnectionStateChange: (state) => liveEvents.setConnected(state.state === 'pending'),
      onError: (error) => {
        liveEvents.setConnected(false);
        // Live updates are a convenience: screens still refetch on navigation, or poll while it is down.
        console.warn('Live company events stopped', error);
      },
      onComplete: () => liveEvents.setConnected(false),
    });
    return () => {
      subscription.unsubscribe();
      liveEvents.setConnected(false);
    };
  }, [client, loggedIn, company]);
}

/**
 * Runs `listener` for each live signal of the given types while the calling component is mounted, e.g.
 * `useLiveEvent(['video', 'listening'], refetchVideos)` on the videos screen.
 */
export function useLiveEvent<T extends LiveSignalType>(
  types: readonly T[],
  listener: (signal: LiveSignalOf<T>) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  const typesKey = [...types].sort().join(',');
  useEffect(() => {
    const wanted = typesKey.split(',') as T[];
    return liveEvents.subscribe(wanted, (signal) => latest.current(signal));
  }, [typesKey]);
}

/** Whether the live stream is up; screens poll while it is not. */
export function useLiveConnection(): boolean {
  return useSyncExternalStore(liveEvents.watchConnection, liveEvents.isConnected);
}
