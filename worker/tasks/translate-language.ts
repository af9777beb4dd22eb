import { translateLanguage } from '../../server/domains/languages/translation';
import { runLanguageStep } from '../language-step';
import type { Handler } from '../task';

export const translateLanguageTask: Handler<'translateLanguage'> = (payload, { services, helpers }) =>
  runLanguageStep(services, helpers, { ...payload, product: 'translation' }, () =>
    translateLanguage(services, payload, helpers.abortSignal),
  );
