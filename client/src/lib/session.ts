import { useSyncExternalStore } from 'react';
import { MESSAGE_COUNT_PLACEHOLDER } from '../../../shared/limits';

/**
 * Browser-stored values of PRODUCT.md §3, under its key names. The real session is the server's
 * HttpOnly cookie; the stored jwt is only the marker the route guards and the menu read.
 */
export const SESSION_KEYS = {
  jwt: 'jwt',
  company: 'company',
  userRole: 'userRole',
  /** The message count the user has last seen (compared with the live count for the red highlight). */
  messagesCount: 'messagesCount',
  selectedPlan: 'selectedPlan',
  selectedInLan: 'selectedInLan',
  selectedOutLan: 'selectedOutLan',
  /**
   * The upload form saved when credits ran short (PRODUCT.md §4); its presence sends a buyer back to
   * /video/upload.
   */
  uploadData: 'uploadData',
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];
export type UploadChoiceKey = 'selectedPlan' | 'selectedInLan' | 'selectedOutLan';

/** Same-tab writes do not fire `storage` events, so the module announces its own. */
const CHANGE_EVENT = 'session-change';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled (privacy settings); behave as logged out rather than crash.
    return null;
  }
}

function read(key: SessionKey): string | null {
  return storage()?.getItem(key) ?? null;
}

function write(key: SessionKey, value: string | null): void {
  const store = storage();
  if (!store) return;
  if (value === null || value === '') store.removeItem(key);
  else store.setItem(key, value);
  announceChange();
}

function announceChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function getJwt(): string | null {
  return read(SESSION_KEYS.jwt);
}

export function isLoggedIn(): boolean {
  return Boolean(getJwt());
}

export function getUserRole(): string | null {
  return read(SESSION_KEYS.userRole);
}

/** The admin guard's reading: the stored role is exactly 'Admin'. */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'Admin';
}

export function isAdmin(): boolean {
  return isAdminRole(getUserRole());
}

/** PRODUCT.md §3: a company id of '0', empty, undefined or null means no company. */
export function hasCompany(company: string | number | null | undefined): boolean {
  return company !== null && company !== undefined && String(company) !== '' && String(company) !== '0';
}

export function getCompany(): string | null {
  return read(SESSION_KEYS.company);
}

export interface StoredLogin {
  jwt: string;
  userRole?: string | null;
  company?: string | number | null;
}

/** Stores what the login (and the profile fetch after it) returned. */
export function storeLogin({ jwt, userRole, company }: StoredLogin): void {
  write(SESSION_KEYS.jwt, jwt);
  if (userRole !== undefined) write(SESSION_KEYS.userRole, userRole);
  if (company !== undefined) write(SESSION_KEYS.company, company === null ? null : String(company));
}

export function setUserRole(role: string | null): void {
  write(SESSION_KEYS.userRole, role);
}

export function setCompany(company: string | number | null): void {
  write(SESSION_KEYS.company, company === null ? null : String(company));
}

export function getLastSeenMessagesCount(): number | null {
  const stored = Number.parseInt(read(SESSION_KEYS.messagesCount) ?? '', 10);
  return Number.isNaN(stored) ? null : stored;
}

export function setLastSeenMessagesCount(count: number): void {
  write(SESSION_KEYS.messagesCount, String(count));
}

export function getUploadChoice(key: UploadChoiceKey): string | null {
  return read(SESSION_KEYS[key]);
}

export function setUploadChoice(key: UploadChoiceKey, value: string | null): void {
  write(SESSION_KEYS[key], value);
}

export interface UnreadCheck {
  /** The live count; null, or the 999999 placeholder of PRODUCT.md §9, while it is still loading. */
  messagesCount: number | null;
  /** The count stored when the user last looked at the messages; none stored counts as 0. */
  lastSeenCount: number | null;
  role: string | null;
}

/**
 * The one rule for the red Messages entry: more messages than last seen, and not an admin. PRODUCT.md §6
 * names the role 'Admin' and, for this check, also lower-case 'admin'; both mean no highlight.
 */
export function hasUnreadMessages({ messagesCount, lastSeenCount, role }: UnreadCheck): boolean {
  if (role === 'Admin' || role === 'admin') return false;
  if (messagesCount === null || messagesCount === MESSAGE_COUNT_PLACEHOLDER) return false;
  return messagesCount > (lastSeenCount ?? 0);
}

/** Whether an upload form was saved before the user went to buy credits. */
export function hasSavedUploadData(): boolean {
  return Boolean(read(SESSION_KEYS.uploadData));
}

/**
 * Clears all local storage without leaving the page (PRODUCT.md §4: a failed profile fetch is an effective
 * logout).
 */
export function clearSession(): void {
  storage()?.clear();
  announceChange();
}

/**
 * PRODUCT.md §2: Log Out clears all local storage and goes to /. A full load also drops every cached query.
 */
export function logout(): void {
  clearSession();
  window.location.assign('/');
}

export interface SessionSnapshot {
  loggedIn: boolean;
  role: string | null;
  isAdmin: boolean;
  company: string | null;
  lastSeenMessagesCount: number | null;
}

let cachedKey = '';
let cachedSnapshot: SessionSnapshot | null = null;

function snapshot(): SessionSnapshot {
  const jwt = getJwt();
  const role = getUserRole();
  const company = getCompany();
  const lastSeen = getLastSeenMessagesCount();
  const key = JSON.stringify([Boolean(jwt), role, company, lastSeen]);
  if (cachedSnapshot && key === cachedKey) return cachedSnapshot;
  cachedKey = key;
  cachedSnapshot = {
    loggedIn: Boolean(jwt),
    role,
    isAdmin: isAdminRole(role),
    company,
    lastSeenMessagesCount: lastSeen,
  };
  return cachedSnapshot;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab logging in or out.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Re-renders the caller whenever the stored session changes, in this tab or another. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
