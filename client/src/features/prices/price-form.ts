import { type Cents, centsToEuros, eurosToCents } from '../../../../shared/money';
import {
  PRICE_PRODUCTS,
  type PriceList,
  type PriceProduct,
  priceFor,
  type UploadPrices,
} from '../../../../shared/pricing';

export const PRICE_LIMIT_EUROS = 1000;

interface PriceRow {
  /** The field of the price list (and of the draft) this product's price sits in. */
  field: keyof PriceList;
  label: string;
  hint: string;
}

/** One row of the prices form per product, in PRICE_PRODUCTS' order: a new product needs its row here. */
export const PRICE_ROWS = {
  price_per_minute: {
    field: 'pricePerMinute',
    label: 'Price per minute',
    hint: 'Charged for every started minute of a video',
  },
  minimum_price: {
    field: 'minimumPrice',
    label: 'Minimum price',
    hint: 'The least a video costs, however short',
  },
  reburn_per_minute: {
    field: 'reburnPerMinute',
    label: 'Re-burn per minute',
    hint: 'After the 2 free revisions: charged for every started minute of the segments burned again',
  },
  translation_per_minute: {
    field: 'translationPerMinute',
    label: 'Translation per minute',
    hint: 'Charged for every started minute of the video, for each language added to a finished video',
  },
} as const satisfies Record<PriceProduct, PriceRow>;

export const priceRows = PRICE_PRODUCTS.map((product) => ({ product, ...PRICE_ROWS[product] }));

/** What the admin typed into each field: euros as a number, or the text while it is not one. */
export type PriceDraft = Record<keyof PriceList, number | string>;

export type PriceErrors = Partial<Record<keyof PriceList, string>>;

function checkEuros(value: number | string): string | undefined {
  if (value === '' || !Number.isFinite(Number(value))) return 'Enter an amount in euros';
  const euros = Number(value);
  if (euros < 0) return 'The amount cannot be negative';
  if (euros > PRICE_LIMIT_EUROS) return `At most €${PRICE_LIMIT_EUROS}`;
  return undefined;
}

/** The form's starting values: the saved prices in euros. */
export function draftFrom(saved: PriceList): PriceDraft {
  return Object.fromEntries(priceRows.map(({ field }) => [field, centsToEuros(saved[field])])) as PriceDraft;
}

export function validatePrices(draft: PriceDraft): PriceErrors {
  const errors: PriceErrors = {};
  for (const { field } of priceRows) {
    const message = checkEuros(draft[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The products whose price the admin changed, in the order they are saved. */
export function changedPrices(
  draft: PriceDraft,
  saved: PriceList,
): { product: PriceProduct; euros: number }[] {
  return priceRows
    .filter(({ field }) => eurosToCents(Number(draft[field])) !== saved[field])
    .map(({ product, field }) => ({ product, euros: Number(draft[field]) }));
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
