/** PRODUCT.md §4: srt_status and hardcoded_status each take one of these. */
export const VIDEO_STATUSES = ['polling', 'completed', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
