import type { LanguageModel } from '../types';
import { createChatClient } from './chat-client';
import { condenseWithModel } from './condense';
import { type BatchLimits, DEFAULT_BATCH_LIMITS, translateWithModel } from './translate';

export {
  type LanguageModelHealth,
  type LanguageModelState,
  languageModelHealth,
  languageModelOff,
} from './health';
export { type GlossaryTerms, NO_GLOSSARY } from './prompts';

export interface LanguageModelOptions {
  url: string;
  model: string;
  apiKey?: string;
  limits?: Partial<BatchLimits>;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  maxRetryAfterMs?: number;
}

/** LLM_URL's chat model as a translator that condenses in the same pass, and as a condenser. */
export function createLanguageModel(options: LanguageModelOptions): LanguageModel {
  const client = createChatClient(options);
  const limits = { ...DEFAULT_BATCH_LIMITS, ...options.limits };
  return {
    name: 'llm',
    model: options.model,
    condensesToCap: true,
    translate: (request) => translateWithModel(client, request, limits),
    condense: (request) => condenseWithModel(client, request, limits),
    check: () => client.check(),
  };
}
