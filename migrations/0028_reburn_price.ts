import { type Kysely, sql } from 'kysely';

/**
 * The price of a re-burn bought after the two free revisions (issue 39), per started minute of the
 * segments burned again: half the default price per minute, until an admin sets it on Admin › Prices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO prices (product, price_cents) VALUES ('reburn_per_minute', 5)
    ON CONFLICT (product) DO NOTHING;
  `.execute(db);
}
