import { z } from 'zod';
import { eurosToCents } from '../../../shared/money';
import { PRICE_PRODUCTS } from '../../../shared/pricing';
import { id } from '../../../shared/schemas/accounts';
import { checkoutQuantity, checkoutSessionId, conversionUpdate } from '../../../shared/schemas/billing';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import { getConversion, listConversions, updateConversion } from '../conversions/service';
import { currentPriceList, updatePrice } from '../prices/service';
import { checkoutStatus } from './checkout-status';
import { createCheckout } from './service';

export const billingRouter = router({
  prices: publicProcedure.query(({ ctx }) => currentPriceList(ctx.db)),
  updatePrice: adminProcedure
    .input(z.object({ product: z.enum(PRICE_PRODUCTS), euros: z.number().min(0).max(1000) }))
    .mutation(({ ctx, input }) => updatePrice(ctx.db, ctx.user, input.product, eurosToCents(input.euros))),
  paymentsEnabled: publicProcedure.query(({ ctx }) => ({
    enabled: Boolean(ctx.payments && ctx.config.STRIPE_WEBHOOK_SECRET),
  })),
  checkout: authedProcedure
    .input(z.object({ quantity: checkoutQuantity }))
    .mutation(({ ctx, input }) => createCheckout(ctx, ctx.payments, ctx.user, input.quantity)),
  /** Whether a Checkout Session of the caller's company has been credited yet (the balance screen waits on it). */
  checkoutStatus: authedProcedure
    .input(z.object({ sessionId: checkoutSessionId }))
    .query(({ ctx, input }) => checkoutStatus(ctx, ctx.payments, ctx.user, input.sessionId)),
  conversions: adminProcedure.query(({ ctx }) => listConversions(ctx.db)),
  conversion: adminProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => getConversion(ctx.db, input.id)),
  updateConversion: adminProcedure
    .input(conversionUpdate.extend({ id }))
    .mutation(({ ctx, input }) => updateConversion(ctx.db, ctx.user, input.id, input)),
});
