import {
  DEFAULT_RETRY_DELAYS_MS,
  describeError,
  type FailureVerdict,
  isTransientStatus,
  retryAfterMs,
  withRetries,
} from '../retry';
import { EngineRefused, EngineUnavailable, LanguageModelRefused, LanguageModelUnavailable } from '../types';

export interface ChatClientOptions {
  /** An OpenAI-compatible endpoint: the base URL (…/v1) or the full …/chat/completions URL. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  /** The longest wait a Retry-After is honoured for (default a minute). */
  maxRetryAfterMs?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One chat-completions endpoint: a JSON answer per call, and a cheap reachability check. */
export interface ChatClient {
  readonly model: string;
  /** The assistant's text; transient failures are retried, then EngineUnavailable; 4xx EngineRefused. */
  complete(messages: ChatMessage[], signal?: AbortSignal): Promise<string>;
  /** Resolves when the endpoint answers `GET …/models` with a 2xx; rejects with the reason otherwise. */
  check(): Promise<void>;
}

class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    /** What the endpoint's Retry-After asked for (a rate limit, an overloaded server). */
    readonly retryAfterMs?: number,
  ) {
    super(`HTTP ${status}${detail ? `: ${detail.slice(0, 300)}` : ''}`);
  }
}

export function baseUrlOf(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
}

function classify(error: unknown): FailureVerdict {
  if (error instanceof HttpStatusError && !isTransientStatus(error.status))
    return { kind: 'refused', reason: error.message };
  const afterMs = error instanceof HttpStatusError ? error.retryAfterMs : undefined;
  return { kind: 'retryable', reason: describeError(error), afterMs };
}

/** The answer's text in the documented shape `choices[0].message.content`. */
function contentOf(body: unknown): string {
  const choices = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices;
  const content = choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the answer has no choices[0].message.content');
  return content;
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const base = baseUrlOf(options.url);
  const headers = {
    'content-type': 'application/json',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  };
  const timeoutMs = options.timeoutMs ?? 120_000;

  // JSON mode: OpenAI, Ollama, llama.cpp's server and vLLM honour it; an endpoint that refuses it is
  // asked without it from then on (the instructions ask for JSON, and every answer is checked anyway).
  let jsonMode = true;

  async function post(messages: ChatMessage[], signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: options.model,
        temperature: 0,
        ...(jsonMode ? { response_format: { type: 'json_object' } } : {}),
        messages,
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  }

  async function once(messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
    let response = await post(messages, signal);
    let text = await response.text();
    if (response.status === 400 && jsonMode && /response_format|json_object/i.test(text)) {
      jsonMode = false;
      response = await post(messages, signal);
      text = await response.text();
    }
    if (!response.ok)
      throw new HttpStatusError(response.status, text, retryAfterMs(response.headers.get('retry-after')));
    return contentOf(JSON.parse(text));
  }

  return {
    model: options.model,
    complete: (messages, signal) =>
      withRetries(() => once(messages, signal), {
        engine: `The language model (${options.model} at ${base})`,
        delaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
        classify,
        signal,
        maxPauseMs: options.maxRetryAfterMs,
      }).catch((error: unknown) => {
        // Named as the language model's, so the video's failure says which engine failed.
        if (error instanceof EngineRefused) throw new LanguageModelRefused(error.message, { cause: error });
        if (error instanceof EngineUnavailable)
          throw new LanguageModelUnavailable(error.message, { cause: error });
        throw error;
      }),
    async check() {
      const response = await fetch(`${base}/models`, {
        headers,
        signal: AbortSignal.timeout(Math.min(timeoutMs, 10_000)),
      });
      if (!response.ok) throw new HttpStatusError(response.status, await response.text());
    },
  };
}
