import type { Db } from '../../db/database';

export function listSaved(db: Db) {
  return db.selectFrom('site_links').select(['key', 'address']).execute();
}

export function saveAddress(db: Db, key: string, address: string) {
  return db
    .insertInto('site_links')
    .values({ key, address })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ address, updated_at: new Date() }))
    .execute();
}

export function removeAddress(db: Db, key: string) {
  return db.deleteFrom('site_links').where('key', '=', key).execute();
}
