import { cents, formatEuros } from '../../../shared/money';
import { DEFAULT_PRICES, type PriceList, type PriceProduct } from '../../../shared/pricing';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

export function listPrices(db: Db) {
  return repo.listAll(db);
}

/** The prices the server charges with; the defaults of PRODUCT.md §9 stand in for a missing product. */
export async function currentPriceList(db: Db): Promise<PriceList> {
  const rows = await listPrices(db);
  const priceOf = (product: PriceProduct) => rows.find((row) => row.product === product)?.priceCents;
  return {
    pricePerMinute: cents(priceOf('price_per_minute') ?? DEFAULT_PRICES.pricePerMinute),
    minimumPrice: cents(priceOf('minimum_price') ?? DEFAULT_PRICES.minimumPrice),
    reburnPerMinute: cents(priceOf('reburn_per_minute') ?? DEFAULT_PRICES.reburnPerMinute),
    translationPerMinute: cents(priceOf('translation_per_minute') ?? DEFAULT_PRICES.translationPerMinute),
  };
}

export async function updatePrice(db: Db, actor: SessionUser, product: PriceProduct, priceCents: number) {
  await transaction(db, async (trx) => {
    const updated = await repo.setPrice(trx, product, priceCents);
    if (updated.numUpdatedRows === 0n) throw new NotFound('Price');
    await recordAudit(trx, actor, `Admin ${actor.username} set ${product} to ${formatEuros(priceCents)}`);
  });
}
