import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { PaymentsOffNotice } from './PaymentsOffNotice';
import { useCheckout } from './use-checkout';
import { usePaymentsEnabled } from './use-payments-enabled';

/** PRODUCT.md §2: item 1 is one euro of credits. */
const ITEM_1_QUANTITY = 1;

/** /checkout: a single Buy Now button that starts a payment checkout for item 1. */
export function CheckoutScreen() {
  const paymentsEnabled = usePaymentsEnabled();
  const checkout = useCheckout();

  return (
    <Screen title="Checkout" width="sm">
      {paymentsEnabled === null ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : paymentsEnabled ? (
        <Stack gap="sm" align="flex-start">
          <Text>One euro of subtitling credits for your company.</Text>
          <Button size="md" onClick={() => checkout.buy(ITEM_1_QUANTITY)} loading={checkout.isPending}>
            Buy Now
          </Button>
          <FormFailure message={checkout.error} />
        </Stack>
      ) : (
        <PaymentsOffNotice />
      )}
    </Screen>
  );
}
