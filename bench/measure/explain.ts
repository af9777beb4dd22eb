/** Index names a PostgreSQL text plan reads through. */
export function indexesUsed(plan: string): string[] {
  const names = new Set<string>();
  for (const match of plan.matchAll(
    /(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g,
  )) {
    if (match[1]) names.add(match[1]);
  }
  return [...names];
}

/** True when the plan reads the whole table row by row. */
export function scansWholeTable(plan: string, table: string): boolean {
  return new RegExp(`Seq Scan on ${table}\\b`).test(plan);
}
