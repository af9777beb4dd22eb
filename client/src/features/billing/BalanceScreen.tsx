import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { TOAST_MS } from '../../../../shared/limits';
import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** SPEC: the payment provider returns to /balance/success or /balance/failure. */
const PURCHASE_RESULTS = {
  success: { color: 'green', message: 'Credits purchased successfully!' },
  failure: { color: 'red', message: 'Failed to purchase credits.' },
} as const;

function isPurchaseResult(status: string | undefined): status is keyof typeof PURCHASE_RESULTS {
  return status === 'success' || status === 'failure';
}

/** /balance and /balance/:status: balance, Add Balance and the purchase-result toast. */
export function BalanceScreen() {
  const { status } = useParams();

  useEffect(() => {
    if (!isPurchaseResult(status)) return;
    const result = PURCHASE_RESULTS[status];
    notifications.show({ id: `purchase-${status}`, ...result, autoClose: TOAST_MS });
  }, [status]);

  return (
    <Screen title="Current Balance">
      <ComingSoon what="Buying credits" />
    </Screen>
  );
}
