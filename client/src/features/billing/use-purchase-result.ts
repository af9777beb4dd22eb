import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { TOAST_MS } from '../../../../shared/limits';
import { BILLING_TEXTS } from '../../../../shared/schemas/billing';
import { hasSavedUploadData } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { type AwaitedCredit, useAwaitedCredit } from './use-awaited-credit';

/** PRODUCT.md §2: the payment provider returns to /balance/success or /balance/failure. */
const PURCHASE_RESULTS = {
  success: { color: 'green', message: BILLING_TEXTS.purchased },
  failure: { color: 'red', message: BILLING_TEXTS.purchaseFailed },
} as const;

/** A return without a session id (an older checkout) cannot be waited on: look again a few times. */
const BALANCE_RECHECKS_MS = [2000, 5000, 10_000];

function isPurchaseResult(status: string | undefined): status is keyof typeof PURCHASE_RESULTS {
  return status === 'success' || status === 'failure';
}

function showResult(status: keyof typeof PURCHASE_RESULTS) {
  notifications.show({ id: `purchase-${status}`, ...PURCHASE_RESULTS[status], autoClose: TOAST_MS });
}

/**
 * The provider's return: the failure toast at once; on success, the success toast and the way back to
 * a saved upload only once the server's ledger has the credit (Stripe's webhook often comes after the
 * browser). Answers the credit's state while there is one to wait for.
 */
export function usePurchaseResult(
  status: string | undefined,
  sessionId: string | null,
): AwaitedCredit | null {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const awaited = useAwaitedCredit(status === 'success' ? sessionId : null);
  const settled = status !== 'success' || sessionId === null || awaited === 'credited';

  useEffect(() => {
    if (!isPurchaseResult(status) || !settled) return;
    showResult(status);
    if (status !== 'success') return;
    // PRODUCT.md §4: after a successful purchase, a saved upload is resumed.
    if (hasSavedUploadData()) {
      navigate('/video/upload', { replace: true });
      return;
    }
    if (sessionId !== null) return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.companies.ledger.queryKey() });
    };
    refresh();
    const timers = BALANCE_RECHECKS_MS.map((delay) => window.setTimeout(refresh, delay));
    return () => timers.forEach(window.clearTimeout);
  }, [status, settled, sessionId, navigate, queryClient, trpc]);

  return awaited;
}
