import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cents, centsToEuros } from '../../../shared/money';
import { id } from '../../../shared/schemas/accounts';
import { checkoutQuantity, conversionUpdate } from '../../../shared/schemas/billing';
import { somethingToChange } from '../../rest/bodies';
import { requireAdmin, requireUser } from '../../rest/guards';
import { collection, entity, one } from '../../rest/strapi';
import { applyCollectionQuery, parseCollectionQuery } from '../../rest/strapi-query';
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

  app.get('/prices', async (request) => {
    const query = parseCollectionQuery(request.query, {
      fields: ['id', 'product', 'price'],
      defaultPageSize: 25,
    });
    const { rows, total } = applyCollectionQuery(await listPrices(db), query, {
      id: (row) => row.id,
      product: (row) => row.product,
      price: (row) => centsToEuros(cents(row.priceCents)),
    });
    return collection(
      rows.map((row) => entity(row.id, { product: row.product, price: centsToEuros(cents(row.priceCents)) })),
      query.window,
      total,
    );
  });

  app.get('/conversions', async (request) => {
    requireAdmin(request);
    const query = parseCollectionQuery(request.query, {
      fields: ['id', 'name', 'currency', 'rate'],
      defaultPageSize: 25,
    });
    const { rows, total } = applyCollectionQuery(await listConversions(db), query, {
      id: (row) => row.id,
      name: (row) => row.name,
      currency: (row) => row.currency,
      rate: (row) => row.rate,
    });
    return collection(
      rows.map((row) => entity(row.id, conversionAttributes(row))),
      query.window,
      total,
    );
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
