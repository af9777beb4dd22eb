import type { HardcodedStatus, VideoStatus } from '../../../../shared/video-status';
import type { VideoRowView } from './video-rows';

export type StatusSound = 'success' | 'warning';

interface Seen {
  srt: VideoStatus;
  hardcoded: HardcodedStatus;
  revisions: number;
}

export type SeenStatuses = ReadonlyMap<number, Seen>;

type Row = Pick<VideoRowView, 'id' | 'srt_status' | 'hardcoded_status' | 'revisions'>;

function ended(before: HardcodedStatus, after: HardcodedStatus): VideoStatus | null {
  return before !== after && (after === 'completed' || after === 'failed') ? after : null;
}

/**
 * PRODUCT.md §4: when a status turns completed or failed the matching sound plays once. Compares the rows now
 * shown with what was seen before: rows seen for the first time make no sound (they did not change
 * under the user's eyes), and a re-burn that finished between two looks (revisions moved on, still
 * completed) counts as completed. A failure wins when both happen at once.
 */
export function statusSounds(
  seen: SeenStatuses,
  rows: readonly Row[],
): { sound: StatusSound | null; next: SeenStatuses } {
  const next = new Map(seen);
  const endings: VideoStatus[] = [];
  for (const row of rows) {
    const before = seen.get(row.id);
    next.set(row.id, { srt: row.srt_status, hardcoded: row.hardcoded_status, revisions: row.revisions });
    if (!before) continue;
    const srt = ended(before.srt, row.srt_status);
    const hardcoded =
      ended(before.hardcoded, row.hardcoded_status) ??
      (row.revisions !== before.revisions && row.hardcoded_status === 'completed' ? 'completed' : null);
    if (srt) endings.push(srt);
    if (hardcoded) endings.push(hardcoded);
  }
  const sound = endings.includes('failed') ? 'warning' : endings.includes('completed') ? 'success' : null;
  return { sound, next };
}
