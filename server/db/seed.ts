import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { RESET_PASSWORD_ALPHABET } from '../../shared/limits';
import { DEFAULT_PRICES } from '../../shared/pricing';
import { hashPassword } from '../domains/accounts/password';
import { insertMissingPages, replaceUntouchedDraft } from '../domains/content/repo';
import type { Db } from './database';
import { defaultPages } from './default-pages';
import { FIRST_DRAFTS } from './legal-templates';
import { transaction } from './transaction';

export interface SeedResult {
  /** Set only when the admin was created now with a generated password: shown once. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

function generatePassword(length = 16): string {
  const bytes = randomBytes(length);
  // Always satisfies the password policy: upper, lower, digit and a symbol.
  const body = Array.from(
    bytes,
    (byte) => RESET_PASSWORD_ALPHABET[byte % RESET_PASSWORD_ALPHABET.length],
  ).join('');
  return `${body}Aa1!`;
}

/** Idempotent first-start data: admin, prices, the EUR conversion and the content pages. */
export async function seed(db: Db, admin: { email: string; password?: string }): Promise<SeedResult> {
  return transaction(db, async (trx) => {
    await trx
      .insertInto('prices')
      .values([
        { product: 'price_per_minute', price_cents: DEFAULT_PRICES.pricePerMinute },
        { product: 'minimum_price', price_cents: DEFAULT_PRICES.minimumPrice },
        { product: 'reburn_per_minute', price_cents: DEFAULT_PRICES.reburnPerMinute },
        { product: 'translation_per_minute', price_cents: DEFAULT_PRICES.translationPerMinute },
      ])
      .onConflict((conflict) => conflict.column('product').doNothing())
      .execute();
    await trx
      .insertInto('conversions')
      .values({ name: 'Euro', currency: 'EUR', rate: 1 })
      .onConflict((conflict) => conflict.column('currency').doNothing())
      .execute();
    await insertMissingPages(trx, defaultPages);
    for (const { page, html } of defaultPages) {
      const draft = FIRST_DRAFTS[page];
      if (draft) await replaceUntouchedDraft(trx, page, draft, html);
    }

    const hasAdmin = await trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'Admin')
      .limit(1)
      .executeTakeFirst();
    if (hasAdmin) return { adminCreated: false };
    const password = admin.password ?? generatePassword();
    await trx
      .insertInto('users')
      .values({
        username: 'admin',
        email: admin.email,
        password_hash: await hashPassword(password),
        role: 'Admin',
        // The operator chose this address: there is nobody to confirm it to.
        email_verified_at: new Date(),
      })
      .onConflict((conflict) => conflict.column('email').doUpdateSet({ role: sql`'Admin'` }))
      .execute();
    return { adminCreated: true, generatedAdminPassword: admin.password ? undefined : password };
  });
}
