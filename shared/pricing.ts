import { type Cents, cents } from './money';

export const PRICE_PRODUCTS = [
  'price_per_minute',
  'minimum_price',
  'reburn_per_minute',
  'translation_per_minute',
] as const;
export type PriceProduct = (typeof PRICE_PRODUCTS)[number];

export interface PriceList {
  pricePerMinute: Cents;
  minimumPrice: Cents;
  /** A re-burn bought after the free revisions: per started minute of the segments burned again (issue 39). */
  reburnPerMinute: Cents;
  /** A language added to a finished video: per started minute of the video (issue 40). */
  translationPerMinute: Cents;
}

/** The two prices an upload is charged by (PRODUCT.md §9). */
export type UploadPrices = Pick<PriceList, 'pricePerMinute' | 'minimumPrice'>;

/** PRODUCT.md §9 defaults, replaced by the prices stored by admins. */
export const DEFAULT_PRICES: PriceList = {
  pricePerMinute: cents(10),
  minimumPrice: cents(0),
  // Half a first burn's minute: a re-burn burns the picture again but transcribes nothing.
  reburnPerMinute: cents(5),
  // Half a first minute too: the engine translates text the video already has, timed.
  translationPerMinute: cents(5),
};

export function startedMinutes(durationSeconds: number): number {
  return Math.ceil(Math.max(0, durationSeconds) / 60);
}

/** PRODUCT.md §9: price = max(ceil(seconds / 60) × price per minute, minimum price). */
export function priceFor(durationSeconds: number, prices: UploadPrices): Cents {
  return cents(Math.max(startedMinutes(durationSeconds) * prices.pricePerMinute, prices.minimumPrice));
}

/**
 * A paid re-burn (issue 39): only the segments whose subtitles changed are burned again, so it costs
 * their started minutes at the re-burn price, with no minimum; nothing changed costs nothing.
 */
export function reburnPriceFor(changedSeconds: number, prices: Pick<PriceList, 'reburnPerMinute'>): Cents {
  return cents(startedMinutes(changedSeconds) * prices.reburnPerMinute);
}

/** A language added to a finished video (issue 40): every started minute of the video, no minimum. */
export function translationPriceFor(
  durationSeconds: number,
  prices: Pick<PriceList, 'translationPerMinute'>,
): Cents {
  return cents(startedMinutes(durationSeconds) * prices.translationPerMinute);
}
