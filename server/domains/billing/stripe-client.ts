import type Stripe from 'stripe';
import type { Config } from '../../config';
import { onFirstUse } from '../../first-use';

/** Stripe, imported on the first payment: the SDK costs memory and most processes never pay. */
export interface Payments {
  stripe(): Promise<Stripe>;
}

/** The Stripe SDK, pointed at STRIPE_API_BASE when set; null when payments are not configured. */
export function createStripe(config: Config): Payments | null {
  const secretKey = config.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const stripe = onFirstUse(async () => {
    const { default: StripeSdk } = await import('stripe');
    return new StripeSdk(secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  });
  return { stripe };
}
