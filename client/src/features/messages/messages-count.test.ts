import { describe, expect, it } from 'vitest';
import { MESSAGE_COUNT_PLACEHOLDER } from '../../../../shared/limits';
import { hasUnreadMessages } from '../../lib/session';
import { messagesCountFrom } from './messages-count';

const highlighted = (state: Parameters<typeof messagesCountFrom>[0], role: string | null = 'User') =>
  hasUnreadMessages({ ...messagesCountFrom(state), role });

describe('messagesCountFrom', () => {
  it('is 999999 (PRODUCT.md §9) until the unread state has loaded, and never red meanwhile', () => {
    expect(messagesCountFrom(undefined)).toEqual({
      messagesCount: MESSAGE_COUNT_PLACEHOLDER,
      lastSeenCount: null,
    });
    expect(highlighted(undefined)).toBe(false);
  });

  it("turns Messages red when the company has more messages than the user's server-kept seen count", () => {
    expect(highlighted({ count: 3, seen: 2, unread: true })).toBe(true);
    expect(highlighted({ count: 3, seen: 3, unread: false })).toBe(false);
  });

  it('never highlights for an admin, whichever spelling of the role', () => {
    expect(highlighted({ count: 3, seen: 0, unread: false }, 'Admin')).toBe(false);
    expect(highlighted({ count: 3, seen: 0, unread: false }, 'admin')).toBe(false);
  });

  it('does not highlight for a user without a company (count 0)', () => {
    expect(highlighted({ count: 0, seen: 0, unread: false })).toBe(false);
  });
});
