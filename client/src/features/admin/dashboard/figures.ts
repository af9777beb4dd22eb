/** "3 Mar" for a YYYY-MM-DD day: short enough for 90 ticks, in UTC like the figures. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

export const euros = (value: number) => `€${value.toFixed(2)}`;

/** The sum of these numeric fields over all rows, rounded to cents (no float dust in the texts). */
export function sumOf<Row>(rows: readonly Row[], ...fields: (keyof Row)[]): number {
  const total = rows.reduce(
    (sum, row) => sum + fields.reduce((inner, field) => inner + Number(row[field] ?? 0), 0),
    0,
  );
  return Math.round(total * 100) / 100;
}

/** "Burn-in" for a job's name in the queue. */
const TASK_LABELS: Record<string, string> = {
  extract_audio: 'Audio',
  transcribe_video: 'Transcription',
  make_subtitles: 'Subtitles',
  burn_in_video: 'Burn-in',
  purge_expired_sessions: 'Housekeeping',
};

export const taskLabel = (task: string) => TASK_LABELS[task] ?? task;
