/**
 * The upper bounds, in seconds, of the job duration histogram: a short extraction to a 30-minute
 * video's Whisper run. job_run_totals stores counts by index into this list, so it is only ever
 * extended at the end (before Infinity), never reordered.
 */
export const JOB_SECONDS_BOUNDS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, Number.POSITIVE_INFINITY];
