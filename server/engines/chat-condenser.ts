import type { CondenseRequest, Condenser } from '../../shared/subtitles';

export interface ChatCondenserOptions {
  /** An OpenAI-compatible endpoint: the base URL (…/v1) or the full …/chat/completions URL. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

const INSTRUCTIONS =
  'You shorten one subtitle so it can be read in time. Keep its meaning and its language, add no ' +
  'facts, names or numbers, and answer with the shortened subtitle only, without quotes.';

function prompt(request: CondenseRequest): string {
  const context = [
    request.previousText ? `Previous subtitle: ${request.previousText}` : null,
    request.nextText ? `Next subtitle: ${request.nextText}` : null,
  ].filter(Boolean);
  return [
    ...context,
    `Language: ${request.language}`,
    `Shorten to at most ${request.maxCharacters} characters:`,
    request.text,
  ].join('\n');
}

function endpointOf(url: string): string {
  const trimmed = url.replace(/\/$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

/**
 * Step 3 of a reading-speed plan: asks a chat model to shorten a cue still over the cap. The plan
 * checks every answer (shorter, same script, no new words) and keeps the original when it fails,
 * so an error here only means the cue stays as condensed by the word lists.
 */
export function createChatCondenser(options: ChatCondenserOptions): Condenser {
  return async (request) => {
    const response = await fetch(endpointOf(options.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: prompt(request) },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    if (!response.ok) throw new Error(`The condenser answered ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content?.trim();
    if (!content) throw new Error('The condenser gave no text');
    return content.replace(/^["“](.*)["”]$/s, '$1');
  };
}
