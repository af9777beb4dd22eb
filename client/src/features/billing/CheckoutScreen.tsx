import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** A single Buy Now button that starts a payment checkout (later issue). */
export function CheckoutScreen() {
  return (
    <Screen title="Checkout">
      <ComingSoon what="Checkout" />
    </Screen>
  );
}
