import { MESSAGE_COUNT_PLACEHOLDER } from '../../../../shared/limits';

/** The server's answer to messages.unread. */
export interface UnreadState {
  count: number;
  seen: number;
  unread: boolean;
}

export interface MessagesCount {
  /** The company's message count; the 999999 placeholder (PRODUCT.md §9) until it has loaded. */
  messagesCount: number;
  /** The count this user last saw, as the server keeps it; null until loaded. */
  lastSeenCount: number | null;
}

/**
 * PRODUCT.md §4: the default message count placeholder is 999999 until loading completes (never red
 * meanwhile).
 */
export function messagesCountFrom(state: UnreadState | undefined): MessagesCount {
  if (!state) return { messagesCount: MESSAGE_COUNT_PLACEHOLDER, lastSeenCount: null };
  return { messagesCount: state.count, lastSeenCount: state.seen };
}
