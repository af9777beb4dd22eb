/** One event of a Server-Sent Events stream, stamped when its last byte arrived. */
export interface ReceivedEvent {
  at: number;
  event: string;
  data: string;
}

/** Splits an SSE byte stream into events (blocks separated by a blank line). Pure; keeps the tail. */
export function parseSseChunk(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const normalised = buffer.replace(/\r\n/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    return data.length > 0 || event !== 'message' ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest };
}

export interface SseSubscription {
  /** Resolves with the next event that passes `accept`, or rejects after `timeoutMs`. */
  next(accept: (event: ReceivedEvent) => boolean, timeoutMs: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream (or it is closed); every event received is queued by then. */
  ended: Promise<void>;
  close(): void;
}

/** A subscriber as a browser would be: one long GET reading text/event-stream. */
export async function subscribe(url: string, headers: Record<string, string>): Promise<SseSubscription> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`subscription answered ${response.status}`);
  const queue: ReceivedEvent[] = [];
  // A holder, not a variable: set by next(), called by the reader.
  const waiter: { wake: (() => void) | null } = { wake: null };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        const parsed = parseSseChunk(buffer + value);
        buffer = parsed.rest;
        for (const event of parsed.events) queue.push({ at, ...event });
        waiter.wake?.();
      }
    } catch {
      // closed by us
    } finally {
      waiter.wake?.();
    }
  })();
  return {
    async next(accept, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        while (queue.length > 0) {
          const event = queue.shift();
          if (event && accept(event)) return event;
        }
        const left = deadline - performance.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiter.wake = null;
      }
    },
    ended,
    close: () => controller.abort(),
  };
}

/** Accepts the events about one video (`"videoId":N` in their data). */
export const isEventOfVideo = (videoId: number) => (event: ReceivedEvent) =>
  event.data.includes(`"videoId":${videoId}`);

/**
 * Repeats `act` until the subscription hears an event that passes `accept`: the server subscribes
 * a stream only after answering, so what is published before that is never heard.
 */
export async function untilLive(
  subscription: SseSubscription,
  act: () => Promise<void>,
  accept: (event: ReceivedEvent) => boolean,
  { attempts, waitMs }: { attempts: number; waitMs: number },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await act();
    try {
      await subscription.next(accept, waitMs);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}
