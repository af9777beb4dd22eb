import type http from 'node:http';
import { type FakeServer, listen, readBody, record, sendJson } from './fake-http';

/**
 * A local stand-in for an OpenAI-compatible chat endpoint: `POST /v1/chat/completions` answers in
 * its documented shape (`choices[0].message.content`), `GET /v1/models` lists the model, errors come
 * as `{ error: { message, type } }`. It reads the cue document our prompts send (the last user
 * message, JSON with `task`, `to`, `cues[{id,text,max_characters?}]`) and the glossary lines of the
 * system message, and "translates" deterministically: each word written in the target's script
 * (letters mapped onto a block of that script, a language tag in front for Latin-script targets),
 * numbers and glossary names kept as written, fixed translations used. Condensing keeps a cue's
 * numbers and names and as many of its other words, in order, as fit `max_characters`.
 *
 * Like a real model, it is not exact: asked for the first time, every third cue (by id) comes back
 * one word over its `max_characters`; told the cue's `problem`, it fits. Without JSON mode it answers
 * as chat models do, in a Markdown fence after a sentence. So a result within the cap comes from the
 * product's checks and its asking again, never from the fake.
 */
export type ChatBehaviour =
  /** Does what it is asked, roughly: every third cue one word over its cap until told. */
  | 'good'
  /** Translates but never shortens; condensing answers the cue unchanged (longer than asked). */
  | 'ignores-cap'
  /** The JSON in a Markdown fence: ```json … ```. */
  | 'fenced'
  /** A sentence before the JSON and one after it. */
  | 'chatty'
  /** The JSON cut off in the middle, as when the answer hits the model's token limit. */
  | 'truncated'
  /** HTTP 429 with `Retry-After` (`retryAfterSeconds`), as a rate-limited hosted endpoint answers. */
  | 'rate-limited'
  /** Never answers: the request hangs until the client gives up. */
  | 'stall'
  /** Prose instead of JSON. */
  | 'malformed'
  /** One entry fewer than cues. */
  | 'short'
  /** An extra entry with an id nobody asked for. */
  | 'long'
  /** The first cue answered twice. */
  | 'wrong-count'
  /** Every text in a script the target does not use. */
  | 'wrong-script'
  /** Every cue answered with its own text. */
  | 'echo'
  /** Every cue answered with "". */
  | 'empty'
  /** HTTP 500. */
  | 'fail-500'
  /** HTTP 404 for the model, as an endpoint without it answers. */
  | 'unknown-model';

export interface FakeChatOptions {
  port?: number;
  /** The key the fake accepts (Bearer); any other gets 401. Unset: no key needed. */
  apiKey?: string;
  /** Behaviours for the next requests, one each, in order; then `behaviour`. */
  script?: ChatBehaviour[];
  behaviour?: ChatBehaviour;
  /** Answers 400 to a request with `response_format`, as endpoints without JSON mode do. */
  rejectJsonMode?: boolean;
  /** The Retry-After of a 'rate-limited' answer; default 1. */
  retryAfterSeconds?: number;
}

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
}

export interface FakeChat extends FakeServer {
  /** The v1 base URL to configure: LLM_URL. */
  baseUrl: string;
  /** Parsed bodies of the chat requests, in order. */
  bodies: ChatRequestBody[];
  script: ChatBehaviour[];
  behaviour: ChatBehaviour;
}

interface PromptCue {
  id: number;
  text: string;
  max_characters?: number;
  problem?: string;
}

interface CueDocument {
  task: 'translate' | 'condense';
  to: string;
  cues: PromptCue[];
}

/** First letter of a block of each script the letters a–z are written onto. */
const SCRIPT_BASES: Record<string, number> = {
  ja: 0x30a2, // Katakana
  zh: 0x4e00, // Han
  ko: 0xac00, // Hangul
  ru: 0x0430, // Cyrillic
  hi: 0x0905, // Devanagari
  th: 0x0e01, // Thai
};
/** Languages written without spaces between words. */
const UNSPACED = new Set(['ja', 'zh', 'th']);

interface Glossary {
  keep: string[];
  fixed: [string, string][];
}

function glossaryOf(system: string): Glossary {
  const keepLine = /never translated: (.*)\.$/m.exec(system)?.[1];
  const keep = keepLine ? keepLine.split('; ') : [];
  const fixed = Array.from(
    system.matchAll(/^Always translate "(.*)" as "(.*)"\.$/gm),
    (match) => [match[1] ?? '', match[2] ?? ''] as [string, string],
  );
  return { keep, fixed };
}

function writeInScript(word: string, base: number): string {
  return Array.from(word.toLowerCase(), (letter) =>
    /[a-z]/.test(letter) ? String.fromCodePoint(base + (letter.charCodeAt(0) - 97)) : letter,
  ).join('');
}

/** A cue's words, a glossary name (even of several words) being one. */
function wordsOf(text: string, glossary: Glossary): string[] {
  const protectedTerms = [...glossary.keep, ...glossary.fixed.map(([, translation]) => translation)];
  let marked = text;
  protectedTerms.forEach((term, index) => {
    marked = marked.split(term).join(`\u{E000}${index}\u{E000}`);
  });
  return marked
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word.replace(/\u{E000}(\d+)\u{E000}/gu, (_, index: string) => protectedTerms[Number(index)] ?? ''),
    );
}

function isProtected(word: string, glossary: Glossary): boolean {
  return (
    /\d/.test(word) ||
    glossary.keep.some((term) => word.includes(term)) ||
    glossary.fixed.some(([, translation]) => word.includes(translation))
  );
}

function translateWords(words: string[], to: string, glossary: Glossary): string[] {
  const base = SCRIPT_BASES[to];
  const translated = words.map((word) =>
    isProtected(word, glossary) || base === undefined ? word : writeInScript(word, base),
  );
  return base === undefined ? [`${to}:`, ...translated] : translated;
}

/**
 * Keeps numbers, names and glossary terms, then as many other words, in order, as fit; `sloppy`
 * keeps one word more, as a model that counts roughly does.
 */
function fitWords(
  words: string[],
  maxCharacters: number,
  join: (words: string[]) => string,
  glossary: Glossary,
  sloppy: boolean,
) {
  const mandatory = new Set(
    words.flatMap((word, index) =>
      isProtected(word, glossary) || (index > 0 && /^\p{Lu}/u.test(word)) ? [index] : [],
    ),
  );
  const kept = new Set(mandatory);
  for (let index = 0; index < words.length; index++) {
    if (kept.has(index)) continue;
    const trial = new Set([...kept, index]);
    const text = join(words.filter((_, position) => trial.has(position)));
    if (Array.from(text).length <= maxCharacters) kept.add(index);
  }
  const left = words.findIndex((_, index) => !kept.has(index));
  if (sloppy && left >= 0) kept.add(left);
  return words.filter((_, position) => kept.has(position));
}

function answerCue(cue: PromptCue, document: CueDocument, glossary: Glossary, behaviour: ChatBehaviour) {
  const separator = document.task === 'translate' && UNSPACED.has(document.to) ? '' : ' ';
  const join = (words: string[]) => words.join(separator);
  let source = cue.text;
  if (document.task === 'translate')
    for (const [term, translation] of glossary.fixed) source = source.split(term).join(translation);
  let words = wordsOf(source, glossary);
  if (behaviour === 'wrong-script') return join(words.map((word) => writeInScript(word, 0x03b1))); // Greek
  if (document.task === 'translate') words = translateWords(words, document.to, glossary);
  if (behaviour === 'echo') return cue.text;
  if (behaviour === 'empty') return '';
  const max = cue.max_characters;
  if (behaviour === 'ignores-cap' || max === undefined) return join(words);
  // A translation keeps its language tag when it shortens.
  const tag = document.task === 'translate' && !SCRIPT_BASES[document.to] ? words.shift() : undefined;
  const budget = tag ? max - tag.length - 1 : max;
  const sloppy = behaviour === 'good' && cue.id % 3 === 0 && cue.problem === undefined;
  const fitted = join(fitWords(words, budget, join, glossary, sloppy));
  return tag ? `${tag} ${fitted}` : fitted;
}

function content(
  document: CueDocument,
  glossary: Glossary,
  behaviour: ChatBehaviour,
  jsonMode: boolean,
): string {
  if (behaviour === 'malformed')
    return `Sure! Here are the subtitles you asked for:\n${document.cues.map((cue) => cue.text).join('\n')}`;
  const cues = document.cues.map((cue) => ({
    id: cue.id,
    text: answerCue(cue, document, glossary, behaviour),
  }));
  if (behaviour === 'short') cues.pop();
  if (behaviour === 'long') cues.push({ id: 9_999, text: 'extra' });
  if (behaviour === 'wrong-count' && cues[0]) cues.push(cues[0]);
  const json = JSON.stringify({ cues }, null, jsonMode ? undefined : 2);
  if (behaviour === 'truncated') return json.slice(0, Math.floor(json.length / 2));
  if (behaviour === 'fenced') return `\`\`\`json\n${json}\n\`\`\``;
  if (behaviour === 'chatty') return `Sure, here is the JSON: ${json} I hope this helps.`;
  if (!jsonMode)
    return `Here are the subtitles:\n\n\`\`\`json\n${json}\n\`\`\`\n\nLet me know if you need anything else.`;
  return json;
}

export async function startFakeChatCompletions(options: FakeChatOptions = {}): Promise<FakeChat> {
  const requests: FakeChat['requests'] = [];
  const bodies: ChatRequestBody[] = [];
  const state = { script: options.script ?? [], behaviour: options.behaviour ?? ('good' as ChatBehaviour) };
  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const raw = await readBody(request);
    const seen = record(request, raw);
    requests.push(seen);
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`)
      return sendJson(response, 401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
      });
    if (seen.method === 'GET' && seen.path === '/v1/models')
      return sendJson(response, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model' }] });
    if (seen.method !== 'POST' || seen.path !== '/v1/chat/completions')
      return sendJson(response, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    const body = JSON.parse(raw.toString('utf8')) as ChatRequestBody;
    bodies.push(body);
    if (options.rejectJsonMode && body.response_format)
      return sendJson(response, 400, {
        error: {
          message: 'Unrecognized request argument supplied: response_format',
          type: 'invalid_request_error',
        },
      });
    const behaviour = state.script.shift() ?? state.behaviour;
    if (behaviour === 'unknown-model')
      return sendJson(response, 404, {
        error: { message: `The model \`${body.model}\` does not exist`, type: 'invalid_request_error' },
      });
    if (behaviour === 'stall') return; // the connection stays open until the client aborts it
    if (behaviour === 'rate-limited') {
      response.setHeader('retry-after', String(options.retryAfterSeconds ?? 1));
      return sendJson(response, 429, {
        error: { message: 'Rate limit reached for requests', type: 'requests' },
      });
    }
    if (behaviour === 'fail-500')
      return sendJson(response, 500, { error: { message: 'The server had an error', type: 'server_error' } });
    const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
    const document = JSON.parse(body.messages.at(-1)?.content ?? '{}') as CueDocument;
    sendJson(response, 200, {
      id: `chatcmpl-${bodies.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: content(document, glossaryOf(system), behaviour, body.response_format !== undefined),
          },
          finish_reason: 'stop',
        },
      ],
    });
  };
  const server = await listen((request, response) => void handle(request, response), options.port);
  return {
    ...server,
    requests,
    bodies,
    baseUrl: `${server.url}/v1`,
    get script() {
      return state.script;
    },
    set script(value) {
      state.script = value;
    },
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(value) {
      state.behaviour = value;
    },
  };
}
