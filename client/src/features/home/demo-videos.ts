/** SPEC section 3's slider sample: a video and its poster. */
export interface DemoVideo {
  title: string;
  /** Placeholder addresses until the demo clips are published under /demo/ in client/public. */
  url: string;
  poster: string;
}

export const DEMO_VIDEOS: readonly DemoVideo[] = [
  { title: 'Product demo, English to Dutch', url: '/demo/demo-1.mp4', poster: '/demo/poster-1.svg' },
  { title: 'Cooking tutorial, French to Japanese', url: '/demo/demo-2.mp4', poster: '/demo/poster-2.svg' },
];

/** SPEC section 9: carousel speed 300 ms. */
export const CAROUSEL_SPEED_MS = 300;

/** The slide after moving `step` from `index` among `count`, wrapping around both ends (looping). */
export function wrapSlide(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
