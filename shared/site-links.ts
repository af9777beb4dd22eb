import { z } from 'zod';

/**
 * The addresses the screens link to outside their own routes (help centre, support, social media).
 * An admin sets them on /admin/links; a link left empty falls back to the product's own page where
 * one exists, and is hidden where none does, so a visitor never meets a placeholder address.
 */
export const SITE_LINKS = {
  helpCentre: { label: 'Help centre', fallback: '/help' },
  uploadGuide: { label: 'Upload guide', fallback: '/help' },
  contact: { label: 'Contact us', fallback: '/contact' },
  supportTicket: { label: 'Support ticket', fallback: '/contact' },
  community: { label: 'Community', fallback: null },
  gptPage: { label: 'Subtitling GPT', fallback: null },
  linkedin: { label: 'LinkedIn', fallback: null },
  youtube: { label: 'YouTube', fallback: null },
  x: { label: 'X', fallback: null },
} as const satisfies Record<string, { label: string; fallback: string | null }>;

export type SiteLinkKey = keyof typeof SITE_LINKS;
export const SITE_LINK_KEYS = Object.keys(SITE_LINKS) as SiteLinkKey[];
export const SOCIAL_LINK_KEYS = ['linkedin', 'youtube', 'x'] as const satisfies readonly SiteLinkKey[];

/** What a screen links to: the admin's address, else the fallback page, else nothing (hidden). */
export type SiteLinks = Record<SiteLinkKey, string | null>;

export const SITE_LINK_MAX_LENGTH = 500;

/** An address a link may hold: a web page, an e-mail address or a route of this product. */
export const siteLinkAddress = z
  .string()
  .trim()
  .max(SITE_LINK_MAX_LENGTH, `An address has at most ${SITE_LINK_MAX_LENGTH} characters.`)
  .refine(
    (value) =>
      /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value) ||
      /^mailto:[^\s@]+@[^\s@]+$/i.test(value) ||
      /^\/[^\s/]/.test(value),
    'Use a web address (https://…), an e-mail address (mailto:…) or a page of this site (/…).',
  );

const siteLinkField = z.union([z.literal(''), siteLinkAddress]).optional();

/** An admin's edit: an address per link, or empty to fall back. */
export const siteLinksUpdate = z.strictObject({
  helpCentre: siteLinkField,
  uploadGuide: siteLinkField,
  contact: siteLinkField,
  supportTicket: siteLinkField,
  community: siteLinkField,
  gptPage: siteLinkField,
  linkedin: siteLinkField,
  youtube: siteLinkField,
  x: siteLinkField,
} satisfies Record<SiteLinkKey, typeof siteLinkField>);
export type SiteLinksUpdate = z.infer<typeof siteLinksUpdate>;

/** The links screens use, from the addresses an admin set. */
export function resolveSiteLinks(saved: Partial<Record<SiteLinkKey, string>>): SiteLinks {
  return Object.fromEntries(
    SITE_LINK_KEYS.map((key) => [key, saved[key] || SITE_LINKS[key].fallback]),
  ) as SiteLinks;
}
