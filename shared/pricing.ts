import { type Cents, cents } from './money';

export const PRICE_PRODUCTS = ['price_per_minute', 'minimum_price'] as const;
export type PriceProduct = (typeof PRICE_PRODUCTS)[number];

export interface PriceList {
  pricePerMinute: Cents;
  minimumPrice: Cents;
}

/** PRODUCT.md §9 defaults, replaced by the prices stored by admins. */
export const DEFAULT_PRICES: PriceList = { pricePerMinute: cents(10), minimumPrice: cents(0) };

export function startedMinutes(durationSeconds: number): number {
  return Math.ceil(Math.max(0, durationSeconds) / 60);
}

/** PRODUCT.md §9: price = max(ceil(seconds / 60) × price per minute, minimum price). */
export function priceFor(durationSeconds: number, prices: PriceList): Cents {
  return cents(Math.max(startedMinutes(durationSeconds) * prices.pricePerMinute, prices.minimumPrice));
}
