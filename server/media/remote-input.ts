/** How long a segment job's link to the source lives: far longer than ffmpeg burns 45 s of video. */
export const SOURCE_LINK_SECONDS = 60 * 60;

const isUrl = (input: string) => /^https?:\/\//i.test(input);

/**
 * ffmpeg's options before `-i` for a source it reads from the store over HTTP (a presigned link),
 * nothing for a local file. A dropped connection or a 5xx is retried for a few seconds, as the SDK
 * rides out a store's restart; an I/O that stalls 30 s fails, and any read error ends ffmpeg with
 * a failure (`-xerror`) instead of a short segment, so the job's attempt fails and is retried
 * (the price: a source with a damaged frame fails there too, where a local file's burn goes on).
 * Each seek (`-ss` by the index, the index at the end of the file) is a new Range request.
 */
export function sourceInputArgs(input: string): string[] {
  if (!isUrl(input)) return [];
  return [
    ...['-reconnect', '1', '-reconnect_on_network_error', '1', '-reconnect_on_http_error', '5xx'],
    ...['-reconnect_delay_max', '4', '-rw_timeout', '30000000', '-multiple_requests', '1'],
    // Without it ffmpeg takes a read that failed for good as the end of the input and exits 0.
    '-xerror',
  ];
}
