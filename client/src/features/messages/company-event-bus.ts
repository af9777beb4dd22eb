import type { CompanyEvent } from '../../../../server/realtime/event-hub';

/**
 * What live listeners hear: the server's company events, plus 'reconnected' after the event stream
 * dropped and came back (events may have been missed, so listeners refetch what they show).
 */
export type LiveSignal = CompanyEvent | { type: 'reconnected' };
export type LiveSignalType = LiveSignal['type'];
export type LiveSignalOf<T extends LiveSignalType> = Extract<LiveSignal, { type: T }>;

type Listener = (signal: LiveSignal) => void;

/** A tiny fan-out from the layout's single event stream to whichever screens listen. */
export function createCompanyEventBus() {
  const listeners = new Set<Listener>();
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
  };
}

export type CompanyEventBus = ReturnType<typeof createCompanyEventBus>;

/** The browser's one bus, fed by `useCompanyEventStream` in the layout. */
export const companyEventBus = createCompanyEventBus();
