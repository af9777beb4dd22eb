/** A GitHub-flavoured markdown table; pipes inside cells are escaped. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Three significant digits at most, without exponent notation for ordinary values. */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

/** "1 min", "10 min", or seconds for clips that are not whole minutes. */
export function clipLabel(seconds: number): string {
  const minutes = seconds / 60;
  return Math.abs(minutes - Math.round(minutes)) < 0.05 && minutes >= 1
    ? `${Math.round(minutes)} min`
    : `${Number(seconds.toFixed(1))} s`;
}

/** `fsync=on, synchronous_commit=on, …` as PostgreSQL reported them. */
export function settingsLine(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
}
