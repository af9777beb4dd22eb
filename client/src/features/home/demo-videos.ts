/**
 * A slide of the home carousel (the slider sample of PRODUCT.md §3): a published video, or, until an admin
 * publishes one, a poster picture with no video behind it.
 */
export interface DemoSlide {
  title: string;
  /** The subtitled video; absent on a poster. */
  url?: string;
  poster?: string;
}

export const DEMO_POSTERS: readonly DemoSlide[] = [
  { title: 'Product demo, English to Dutch', poster: '/demo/poster-1.svg' },
  { title: 'Cooking tutorial, French to Japanese', poster: '/demo/poster-2.svg' },
];

/** PRODUCT.md §9: carousel speed 300 ms. */
export const CAROUSEL_SPEED_MS = 300;

/** The slide after moving `step` from `index` among `count`, wrapping around both ends (looping). */
export function wrapSlide(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
