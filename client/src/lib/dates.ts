/** Dates as the admin screens show them; the server sends ISO strings (tRPC serialises Dates). */
type DateValue = string | number | Date;

const pad = (value: number) => String(value).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm' in the viewer's time zone, the table format of the product. */
export function formatDateTime(value: DateValue): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const MEDIUM = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** The "medium" date format of PRODUCT.md §2 (as in 'Jun 15, 2015, 9:03:01 AM'). */
export function formatMediumDate(value: DateValue): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : MEDIUM.format(date);
}
