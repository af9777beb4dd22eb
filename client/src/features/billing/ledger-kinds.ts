import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import { formatEuros } from '../../../../shared/money';

/** How each ledger kind reads to a user. */
const KIND_LABELS: Record<string, string> = {
  purchase: 'Purchase',
  charge: 'Video',
  refund: 'Refund',
  transfer: 'Transfer of private credits',
  adjustment: 'Adjustment by an admin',
};

export function ledgerKindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** A signed amount: '+€5.00' credited, '−€1.20' spent (formatEuros formats the size). */
export function formatSignedEuros(amountCents: number): string {
  if (amountCents === 0) return formatEuros(0);
  return `${amountCents > 0 ? '+' : '−'}${formatEuros(Math.abs(amountCents))}`;
}

/**
 * What an entry was for: its note, its video, or for a purchase the payment (its id stays a tooltip);
 * and the added language it was for (issue 40), when it was for one.
 */
export function ledgerDetails(entry: {
  kind: string;
  note: string | null;
  videoId: number | null;
  videoTitle?: string | null;
  reference: string | null;
  language?: OutputLanguage | null;
}): string {
  const what = entryPurpose(entry);
  return entry.language ? `${what}, ${OUTPUT_LANGUAGES[entry.language]} subtitles` : what;
}

function entryPurpose(entry: Parameters<typeof ledgerDetails>[0]): string {
  if (entry.note) return entry.note;
  if (entry.videoId && entry.videoTitle) return `${entry.videoTitle} (video #${entry.videoId})`;
  if (entry.videoId) return `Video #${entry.videoId}`;
  if (entry.kind === 'purchase') return 'Online payment';
  return entry.reference ?? '-';
}
