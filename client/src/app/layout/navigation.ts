import type { SiteLinks } from '../../../../shared/site-links';
import { isOwnRoute } from '../../lib/site-links';

export type MenuEntry =
  | { kind: 'route'; label: string; to: string; end?: boolean }
  | { kind: 'external'; label: string; href: string };

function linkEntry(label: string, address: string | null): MenuEntry[] {
  if (!address) return [];
  return [
    isOwnRoute(address) ? { kind: 'route', label, to: address } : { kind: 'external', label, href: address },
  ];
}

/**
 * PRODUCT.md §2, Navigation: the top menu, in its order; an admin-set link without an address is left out.
 */
export function mainMenu(links: SiteLinks): MenuEntry[] {
  return [
    { kind: 'route', label: 'About Us', to: '/about' },
    { kind: 'route', label: 'Example Videos', to: '/examples' },
    ...linkEntry('Upload Guide', links.uploadGuide),
    { kind: 'route', label: 'Special subtitling Requests', to: '/human' },
    ...linkEntry('Subtitling GPT', links.gptPage),
    { kind: 'route', label: 'Upload', to: '/', end: true },
  ];
}

/** The profile dropdown's links; Balance and Log Out follow them. */
export const PROFILE_MENU = {
  profile: { label: 'My Profile', to: '/user/overview' },
  videos: { label: 'My Videos', to: '/videos' },
  messages: { label: 'Messages', to: '/message/overview' },
  balance: { label: 'Balance', to: '/balance' },
  apiTokens: { label: 'API tokens', to: '/user/tokens' },
  companyData: { label: 'Company data', to: '/user/company-data' },
  glossary: { label: 'Glossary', to: '/glossary' },
} as const;

/**
 * The legacy menu had no admin entry (PRODUCT.md §2); this one leads to the admin screens, shown to admins
 * only.
 */
export const ADMIN_MENU_ENTRY = { label: 'Admin', to: '/admin/overview' } as const;

/** For a company's admins: its members and invitations. */
export const TEAM_MENU_ENTRY = { label: 'Team', to: '/team' } as const;

/** Whether `to` is the page being shown (or, unless `end`, one of its sub-pages). */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  if (pathname === to) return true;
  return !end && to !== '/' && pathname.startsWith(`${to}/`);
}
