/** The public content pages of PRODUCT.md §1, loaded from the content service. */
export const CONTENT_PAGES = [
  'home',
  'faq',
  'privacy',
  'about',
  'disclaimer',
  'terms',
  'help',
  'contact',
] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];
