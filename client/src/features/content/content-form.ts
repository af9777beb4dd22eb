import { type ContentUpdate, contentUpdate } from '../../../../shared/schemas/content';

export interface ContentFormValues {
  title: string;
  html: string;
}

export interface ContentFormCheck {
  /** The values to send, when the form is valid. */
  update: ContentUpdate | null;
  /** The shared schema's message per field, if any. */
  errors: Partial<Record<keyof ContentFormValues, string>>;
}

/** The server's own rules (shared schema): both fields required, within their lengths. */
export function checkContentForm(values: ContentFormValues): ContentFormCheck {
  const parsed = contentUpdate.safeParse(values);
  if (parsed.success) return { update: parsed.data, errors: {} };
  const errors: ContentFormCheck['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'title' || field === 'html') && !errors[field]) errors[field] = issue.message;
  }
  return { update: null, errors };
}
