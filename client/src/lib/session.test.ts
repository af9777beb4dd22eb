import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_COUNT_PLACEHOLDER } from '../../../shared/limits';
import {
  getLastSeenMessagesCount,
  hasCompany,
  hasUnreadMessages,
  isAdmin,
  isLoggedIn,
  storeLogin,
} from './session';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe('hasUnreadMessages', () => {
  it('is red when there are more messages than last seen, for a user', () => {
    expect(hasUnreadMessages({ messagesCount: 3, lastSeenCount: 2, role: 'User' })).toBe(true);
    expect(hasUnreadMessages({ messagesCount: 1, lastSeenCount: null, role: 'User' })).toBe(true);
  });

  it('is not red when nothing is new', () => {
    expect(hasUnreadMessages({ messagesCount: 2, lastSeenCount: 2, role: 'User' })).toBe(false);
    expect(hasUnreadMessages({ messagesCount: 0, lastSeenCount: null, role: null })).toBe(false);
  });

  it('never highlights for an admin, whichever case the role is stored in', () => {
    expect(hasUnreadMessages({ messagesCount: 9, lastSeenCount: 0, role: 'Admin' })).toBe(false);
    expect(hasUnreadMessages({ messagesCount: 9, lastSeenCount: 0, role: 'admin' })).toBe(false);
  });

  it('stays quiet while the count is still loading', () => {
    expect(hasUnreadMessages({ messagesCount: null, lastSeenCount: 0, role: 'User' })).toBe(false);
    expect(
      hasUnreadMessages({ messagesCount: MESSAGE_COUNT_PLACEHOLDER, lastSeenCount: 0, role: 'User' }),
    ).toBe(false);
  });
});

describe('hasCompany', () => {
  it("treats '0', empty, undefined and null as no company", () => {
    for (const none of ['0', '', undefined, null, 0]) expect(hasCompany(none)).toBe(false);
    expect(hasCompany('12')).toBe(true);
    expect(hasCompany(7)).toBe(true);
  });
});

describe('stored session', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is logged in once a token is stored, and admin only for the role Admin', () => {
    expect(isLoggedIn()).toBe(false);
    storeLogin({ jwt: 'token', userRole: 'User', company: 4 });
    expect(isLoggedIn()).toBe(true);
    expect(isAdmin()).toBe(false);
    storeLogin({ jwt: 'token', userRole: 'Admin' });
    expect(isAdmin()).toBe(true);
    expect(localStorage.getItem('company')).toBe('4');
  });

  it('reads the last-seen message count as a number', () => {
    expect(getLastSeenMessagesCount()).toBeNull();
    localStorage.setItem('messagesCount', '5');
    expect(getLastSeenMessagesCount()).toBe(5);
  });
});
