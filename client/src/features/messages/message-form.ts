import { type MessageInput, messageInput } from '../../../../shared/schemas/messages';

/** What the admin has typed; the company is the dropdown's value (a company id as text, or nothing). */
export interface MessageFormValues {
  title: string;
  message: string;
  company: string | null;
}

export const EMPTY_MESSAGE_FORM: MessageFormValues = { title: '', message: '', company: null };

export type MessageFormCheck = { ok: true; input: MessageInput } | { ok: false; errors: string[] };

/**
 * PRODUCT.md §5: 'Title is required.', 'Message is required.', 'Company is required.' are listed, and nothing
 * is sent while any is present. The shared schema (the server's own) decides; each message shows once, in the
 * form's order.
 */
export function checkMessageForm(values: MessageFormValues): MessageFormCheck {
  const parsed = messageInput.safeParse({
    title: values.title,
    message: values.message,
    company: values.company ?? undefined,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  return { ok: false, errors };
}
