import type { Cents } from '../../../../shared/money';
import { formatEuros } from '../../../../shared/money';
import { priceFor, startedMinutes, type UploadPrices } from '../../../../shared/pricing';

export interface PriceQuote {
  minutes: number;
  total: Cents;
  /** PRODUCT.md §2: 'N minute(s) × price per minute', followed by the total. */
  text: string;
  /** Set when the minimum price, not the minutes, makes the total. */
  minimumApplies: boolean;
}

/** The price the server will charge for a video of this length, in the words the upload form shows. */
export function quotePrice(durationSeconds: number, prices: UploadPrices): PriceQuote {
  const minutes = startedMinutes(durationSeconds);
  const total = priceFor(durationSeconds, prices);
  const minimumApplies = total > minutes * prices.pricePerMinute;
  const unit = minutes === 1 ? 'minute' : 'minutes';
  const text = `${minutes} ${unit} × ${formatEuros(prices.pricePerMinute)} = ${formatEuros(total)}`;
  return { minutes, total, text, minimumApplies };
}

/** The euros a company lacks for a price (what the buy screen prefills), or 0 when it has enough. */
export function missingEuros(price: number, balance: number): number {
  return Math.max(0, price - balance) / 100;
}
