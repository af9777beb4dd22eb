/**
 * The "medium date format" of PRODUCT.md §2 (Angular's `medium`, as the legacy screens showed it):
 * 'Jun 15, 2025, 9:03:01 AM'. Shown in the browser's time zone unless one is given (tests pin it).
 */
export function formatMediumDate(value: string | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(
    date,
  );
}

/** The machine-readable form for `<time dateTime>`. */
export function isoDateTime(value: string | Date): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
