import { v2 } from '@google-cloud/translate';
import {
  DEFAULT_RETRY_DELAYS_MS,
  describeError,
  type FailureVerdict,
  isTransientStatus,
  withRetries,
} from './retry';
import {
  decodeHtmlEntities,
  googleLanguageCode,
  protectTerms,
  translationBatches,
  unprotectTerms,
} from './translation-text';
import { EngineRefused, type TranslationRequest, type Translator } from './types';

export interface GoogleTranslateOptions {
  apiKey: string;
  /** Another v2 endpoint, e.g. http://127.0.0.1:PORT/language/translate/v2 (the tests' fake). */
  endpoint?: string;
  retryDelaysMs?: readonly number[];
}

/**
 * Google's auth library otherwise probes the cloud metadata address (169.254.169.254) to look for
 * credentials, which stalls or fails off Google Cloud. An API key needs no such lookup. Set here,
 * the one place that creates a Google client, and only when nobody chose otherwise.
 */
function keepGoogleAuthOffTheMetadataServer(): void {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
}

function numericCode(error: object): number | undefined {
  return 'code' in error && typeof error.code === 'number' ? error.code : undefined;
}

/** Reasons Google gives with a 403 for quotas, which clear with time (its docs: "Rate Limit Exceeded"). */
function isQuotaReason(error: object): boolean {
  if (!('errors' in error) || !Array.isArray(error.errors)) return false;
  return error.errors.some(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      'reason' in item &&
      typeof item.reason === 'string' &&
      /LimitExceeded$/i.test(item.reason),
  );
}

/** Bad key, disabled API or bad language are refused; quotas, 5xx and network trouble are retried. */
export function classifyGoogleError(error: unknown): FailureVerdict {
  if (typeof error !== 'object' || error === null) return { kind: 'retryable', reason: String(error) };
  const status = numericCode(error);
  const reason = status ? `HTTP ${status}: ${describeError(error)}` : describeError(error);
  if (status === undefined || isTransientStatus(status) || isQuotaReason(error))
    return { kind: 'retryable', reason };
  return { kind: 'refused', reason };
}

function checkedTranslations(batch: readonly string[], answer: unknown): string[] {
  const translations = Array.isArray(answer) ? answer : [];
  if (translations.length !== batch.length || !translations.every((text) => typeof text === 'string')) {
    // Never guess which cue a translation belongs to: a shifted SRT is worse than none.
    throw new EngineRefused(
      `Google Translate answered ${translations.length} translations for ${batch.length} cue texts`,
    );
  }
  return translations as string[];
}

/** Cue texts through Google Cloud Translation (v2, API key), one output per input, in order. */
export function createGoogleTranslator(options: GoogleTranslateOptions): Translator {
  keepGoogleAuthOffTheMetadataServer();
  // The SDK's own retries are off: ours classify failures and give up with a reason.
  const client = new v2.Translate({ key: options.apiKey, autoRetry: false, maxRetries: 0 });
  // The v2 client joins its public baseUrl with each path; setting it avoids the process-wide
  // GOOGLE_CLOUD_TRANSLATE_ENDPOINT variable, which would redirect every client in the process.
  if (options.endpoint) client.baseUrl = options.endpoint.replace(/\/+$/, '');

  async function translateBatch(batch: string[], request: TranslationRequest): Promise<string[]> {
    const from = googleLanguageCode(request.from);
    const to = googleLanguageCode(request.to);
    const glossary = request.glossary;
    if (!glossary || (glossary.keep.length === 0 && glossary.fixed.length === 0)) {
      const [answer] = await client.translate(batch, { from, to, format: 'text' });
      return checkedTranslations(batch, answer).map(decodeHtmlEntities);
    }
    // The glossary goes as HTML: Google leaves translate="no" spans as they are.
    const html = batch.map((text) => protectTerms(text, glossary));
    const [answer] = await client.translate(html, { from, to, format: 'html' });
    return checkedTranslations(batch, answer).map(unprotectTerms);
  }

  return {
    name: 'google',
    async translate(request) {
      const translated: string[] = [];
      const batches = translationBatches(request.texts);
      for (const batch of batches) {
        const texts = await withRetries(() => translateBatch(batch, request), {
          engine: 'Google Translate',
          delaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
          classify: classifyGoogleError,
          signal: request.signal,
        });
        translated.push(...texts);
        request.onProgress?.((translated.length / request.texts.length) * 100);
      }
      if (translated.length !== request.texts.length) {
        throw new EngineRefused(
          `Google Translate answered ${translated.length} of ${request.texts.length} cue texts`,
        );
      }
      return translated;
    },
  };
}
