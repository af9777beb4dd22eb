/** Money is integer euro cents everywhere; only `formatEuros` turns it into text. */
export type Cents = number & { readonly __brand: 'Cents' };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

export function eurosToCents(euros: number): Cents {
  return cents(Math.round(euros * 100));
}

export function centsToEuros(amount: Cents): number {
  return amount / 100;
}

/** PRODUCT.md §9: EUR shown with 2 decimals; missing credits display as 0. */
export function formatEuros(amount: Cents | number | null | undefined): string {
  return `€${((amount ?? 0) / 100).toFixed(2)}`;
}

/** Whether `euros` is a whole number of cents (floating point aside). */
export function isWholeCents(euros: number): boolean {
  return Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;
}
