import { type Cents, eurosToCents } from '../../../../shared/money';
import { type PriceList, type PriceProduct, priceFor, type UploadPrices } from '../../../../shared/pricing';

export const PRICE_LIMIT_EUROS = 1000;

export interface PriceDraft {
  pricePerMinute: number | string;
  minimumPrice: number | string;
  reburnPerMinute: number | string;
}

export type PriceErrors = Partial<Record<keyof PriceDraft, string>>;

function checkEuros(value: number | string): string | undefined {
  if (value === '' || !Number.isFinite(Number(value))) return 'Enter an amount in euros';
  const euros = Number(value);
  if (euros < 0) return 'The amount cannot be negative';
  if (euros > PRICE_LIMIT_EUROS) return `At most €${PRICE_LIMIT_EUROS}`;
  return undefined;
}

export function validatePrices(draft: PriceDraft): PriceErrors {
  const errors: PriceErrors = {
    pricePerMinute: checkEuros(draft.pricePerMinute),
    minimumPrice: checkEuros(draft.minimumPrice),
    reburnPerMinute: checkEuros(draft.reburnPerMinute),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as PriceErrors;
}

/** The products whose price the admin changed, in the order they are saved. */
export function changedPrices(
  draft: PriceDraft,
  saved: PriceList,
): { product: PriceProduct; euros: number }[] {
  const changes: { product: PriceProduct; euros: number }[] = [];
  if (eurosToCents(Number(draft.pricePerMinute)) !== saved.pricePerMinute)
    changes.push({ product: 'price_per_minute', euros: Number(draft.pricePerMinute) });
  if (eurosToCents(Number(draft.minimumPrice)) !== saved.minimumPrice)
    changes.push({ product: 'minimum_price', euros: Number(draft.minimumPrice) });
  if (eurosToCents(Number(draft.reburnPerMinute)) !== saved.reburnPerMinute)
    changes.push({ product: 'reburn_per_minute', euros: Number(draft.reburnPerMinute) });
  return changes;
}

/** What a few typical videos would cost with the draft prices, so the admin sees the effect. */
export function examplePrices(draft: PriceDraft): { seconds: number; price: Cents }[] | null {
  if (Object.keys(validatePrices(draft)).length > 0) return null;
  const prices: UploadPrices = {
    pricePerMinute: eurosToCents(Number(draft.pricePerMinute)),
    minimumPrice: eurosToCents(Number(draft.minimumPrice)),
  };
  return [30, 90, 600, 1800].map((seconds) => ({ seconds, price: priceFor(seconds, prices) }));
}
