/**
 * How much of a video may be processed: the length it was charged for. A video's `duration_seconds`
 * is its measured length cut to whole seconds (accept-upload.ts), so everything before the next
 * whole second was measured and priced; nothing past it is transcribed or burned, whatever the
 * file's header claims.
 */
export function paidLength(durationSeconds: number): number {
  return Math.max(0, durationSeconds) + 1;
}
