import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cents, centsToEuros } from '../../../shared/money';
import { id } from '../../../shared/schemas/accounts';
import { checkoutQuantity, conversionUpdate } from '../../../shared/schemas/billing';
import { somethingToChange } from '../../rest/bodies';
import { requireAdmin, requireUser } from '../../rest/guards';
import { entity, many, one } from '../../rest/strapi';
import type { Services } from '../../services';
import { getConversion, listConversions, updateConversion } from '../conversions/service';
import { listPrices } from '../prices/service';
import { createCheckout, handleStripeWebhook } from './service';

const conversionAttributes = (row: { name: string; currency: string; rate: number }) => ({
  name: row.name,
  currency: row.currency,
  rate: row.rate,
});

export function billingRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  app.get('/prices', async () => {
    const prices = await listPrices(db);
    return many(
      prices.map((row) =>
        entity(row.id, { product: row.product, price: centsToEuros(cents(row.priceCents)) }),
      ),
    );
  });

  app.get('/conversions', async (request) => {
    requireAdmin(request);
    return many((await listConversions(db)).map((row) => entity(row.id, conversionAttributes(row))));
  });

  app.get('/conversions/:id', async (request) => {
    requireAdmin(request);
    const row = await getConversion(db, z.object({ id }).parse(request.params).id);
    return one(row.id, conversionAttributes(row));
  });

  app.put('/conversion/:id', async (request) => {
    const actor = requireAdmin(request);
    const conversionId = z.object({ id }).parse(request.params).id;
    const current = await getConversion(db, conversionId);
    const { data } = z.object({ data: somethingToChange(conversionUpdate.partial()) }).parse(request.body);
    const row = await updateConversion(
      db,
      actor,
      conversionId,
      conversionUpdate.parse({ ...current, ...data }),
    );
    return one(row.id, conversionAttributes(row));
  });

  /** The legacy client sends `clientReferenceId`; the company is always the caller's own. */
  app.post('/checkout-session', async (request) => {
    const user = requireUser(request);
    const { data } = z
      .object({ data: z.object({ quantity: checkoutQuantity, clientReferenceId: z.unknown().optional() }) })
      .parse(request.body);
    const { url } = await createCheckout(services, services.payments, user, data.quantity);
    return { url };
  });

  // Stripe signs the exact bytes it sent, so this route keeps its body as the raw string.
  app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post('/stripe/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      return handleStripeWebhook(
        services,
        services.payments,
        String(request.body ?? ''),
        typeof signature === 'string' ? signature : undefined,
      );
    });
  });
}
