import { burnLanguageVideo } from '../../server/domains/languages/burn';
import { runLanguageStep } from '../language-step';
import type { Handler } from '../task';

export const burnLanguageTask: Handler<'burnLanguage'> = (payload, { services, helpers }) =>
  runLanguageStep(services, helpers, { ...payload, product: 'burn' }, () =>
    burnLanguageVideo(services, payload, helpers.abortSignal),
  );
