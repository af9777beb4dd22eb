import { makeEditorPreview } from '../../server/domains/editor/preview';
import type { Handler } from '../task';

export const makeEditorPreviewTask: Handler<'makeEditorPreview'> = (payload, { services, helpers }) =>
  makeEditorPreview(services, payload, helpers.abortSignal);
