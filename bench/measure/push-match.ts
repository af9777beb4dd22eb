import type { ReceivedEvent } from '../../test/support/sse-client';

/**
 * Accepts only the event about this one video: `"videoId":12` and not `"videoId":123`. Each change
 * of the status-push figure writes its own video, so the id is the change's marker.
 */
export const isEventOfExactVideo = (videoId: number) => (event: ReceivedEvent) =>
  new RegExp(`"videoId":${videoId}(?!\\d)`).test(event.data);

/**
 * The time from the start of a write to the arrival of the event it caused. An event that arrived
 * before its write began cannot be that write's: the measurement is broken, so it throws.
 */
export function pushLatency(write: { videoId: number; at: number }, event: ReceivedEvent): number {
  if (!isEventOfExactVideo(write.videoId)(event))
    throw new Error(`event ${event.data.slice(0, 120)} is not about video ${write.videoId}`);
  const latency = event.at - write.at;
  if (latency < 0)
    throw new Error(
      `the event about video ${write.videoId} arrived ${(-latency).toFixed(1)} ms before its write began`,
    );
  return latency;
}
