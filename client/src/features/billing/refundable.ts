import { REFUND_WINDOW_DAYS } from '../../../../shared/limits';

const WINDOW_MS = REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;

interface Entry {
  id: number;
  kind: string;
  videoId: number | null;
  createdAt: string | Date;
}

/**
 * The ledger ids of video charges an admin may still refund: within the refund window (PRODUCT.md §9) and not
 * refunded yet (by an admin or automatically after a failure). The server checks the same rules again.
 */
export function refundableCharges(entries: readonly Entry[], now: Date): Set<number> {
  const refunded = new Set(entries.filter((entry) => entry.kind === 'refund').map((entry) => entry.videoId));
  return new Set(
    entries
      .filter(
        (entry) =>
          entry.kind === 'charge' &&
          entry.videoId !== null &&
          !refunded.has(entry.videoId) &&
          now.getTime() - new Date(entry.createdAt).getTime() <= WINDOW_MS,
      )
      .map((entry) => entry.id),
  );
}
