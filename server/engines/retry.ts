import { EngineRefused, EngineUnavailable } from './types';

/** How an engine's error should be handled: given up at once, or tried again after a pause. */
export type FailureVerdict =
  | { kind: 'refused'; reason: string }
  /** `afterMs`: the wait the server asked for (Retry-After), honoured up to the policy's longest pause. */
  | { kind: 'retryable'; reason: string; afterMs?: number };

export interface RetryPolicy {
  /** Names the engine in error messages shown to users and operators. */
  engine: string;
  /** Pauses between attempts; attempts = delays + 1. Tests pass tiny delays. */
  delaysMs: readonly number[];
  classify(error: unknown): FailureVerdict;
  signal?: AbortSignal;
  /** The longest a server's Retry-After may hold a job step; default one minute. */
  maxPauseMs?: number;
}

/** Three attempts, waiting 1 s then 4 s: long enough for a rate limit to clear, short for a job step. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

const DEFAULT_MAX_PAUSE_MS = 60_000;

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1_000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs an engine call, retrying transient failures with growing pauses. Refusals (bad key, bad
 * request) and our own Engine* errors pass straight through; a cancelled job stops at once.
 */
export async function withRetries<T>(operation: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  let lastReason = 'no attempt was made';
  let askedPauseMs = 0;
  for (let attempt = 0; attempt <= policy.delaysMs.length; attempt++) {
    policy.signal?.throwIfAborted();
    try {
      return await operation();
    } catch (error) {
      policy.signal?.throwIfAborted();
      if (error instanceof EngineRefused || error instanceof EngineUnavailable) throw error;
      const verdict = policy.classify(error);
      if (verdict.kind === 'refused')
        throw new EngineRefused(`${policy.engine} refused the request: ${verdict.reason}`);
      lastReason = verdict.reason;
      askedPauseMs = verdict.afterMs ?? 0;
    }
    const delay = policy.delaysMs[attempt];
    const longest = policy.maxPauseMs ?? DEFAULT_MAX_PAUSE_MS;
    if (delay !== undefined) await pause(Math.min(Math.max(delay, askedPauseMs), longest), policy.signal);
  }
  const attempts = policy.delaysMs.length + 1;
  throw new EngineUnavailable(`${policy.engine} is unavailable (${attempts} attempts): ${lastReason}`);
}

/** HTTP statuses worth another try: timeouts, rate limits and server errors. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** A short text for an error of unknown shape (network errors carry a code such as ECONNREFUSED). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : '';
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${code}${cause}`;
}
