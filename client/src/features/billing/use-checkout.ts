import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { BILLING_TEXTS } from '../../../../shared/schemas/billing';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';

/** Starts a payment checkout for `quantity` euros (cents allowed) and sends the browser to the provider's page. */
export function useCheckout() {
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  const checkout = useMutation(
    trpc.billing.checkout.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (failure) => {
        // PRODUCT.md §8 logs this line; the user also learns why (no company, payments not set up).
        console.error(BILLING_TEXTS.checkoutFailed, failure);
        setError(serverMessage(failure, BILLING_TEXTS.checkoutFailed));
      },
    }),
  );
  return {
    buy: (quantity: number) => checkout.mutate({ quantity }),
    // Still pending while the browser leaves for the payment page.
    isPending: checkout.isPending || checkout.isSuccess,
    error,
  };
}
