import { detectVideoShotChanges } from '../../server/domains/shot-changes/service';
import type { Handler } from '../task';

export const detectShotChangesTask: Handler<'detectShotChanges'> = (payload, { services, helpers }) =>
  detectVideoShotChanges(services, payload, helpers.abortSignal);
