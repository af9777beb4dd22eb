import type { PriceProduct } from '../../../shared/pricing';
import type { Db } from '../../db/database';

export function listAll(db: Db) {
  return db
    .selectFrom('prices')
    .select(['id', 'product', 'price_cents as priceCents'])
    .orderBy('id')
    .execute();
}

export function setPrice(db: Db, product: PriceProduct, priceCents: number) {
  return db
    .updateTable('prices')
    .set({ price_cents: priceCents, updated_at: new Date() })
    .where('product', '=', product)
    .executeTakeFirst();
}
