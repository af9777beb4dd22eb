import type { SrtInspection, SrtIssue } from './subtitle-issue';

/** Lines listed before "and N more". */
const LISTED_LINES = 5;

const CONSEQUENCE: Record<NonNullable<SrtIssue['leftOut']>, string> = {
  cue: 'the subtitle was left out',
  text: 'that text was left out',
};

function linesOf(lines: number[]): string {
  if (lines.length === 1) return `Line ${lines[0]}`;
  const listed = lines.slice(0, LISTED_LINES);
  const more = lines.length - listed.length;
  const tail =
    more > 0
      ? `${listed.join(', ')} and ${more} more`
      : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`;
  return `Lines ${tail}`;
}

/**
 * What a lenient reading did, in plain sentences naming the lines: each problem that left a cue or
 * text out, each cue without text, each repair. The same sentence on many lines is said once.
 */
export function describeNotes(inspection: SrtInspection): string[] {
  const dropped = inspection.errors.map((issue) => ({
    line: issue.line,
    message: issue.leftOut ? `${issue.message}; ${CONSEQUENCE[issue.leftOut]}` : issue.message,
  }));
  const empty = inspection.warnings.filter((issue) => /left out/.test(issue.message));
  const all = [...dropped, ...empty, ...(inspection.repairs ?? [])].sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0),
  );
  const byMessage = new Map<string, number[]>();
  const whole: string[] = [];
  for (const issue of all) {
    if (issue.line === null) whole.push(issue.message);
    else {
      const lines = byMessage.get(issue.message) ?? [];
      lines.push(issue.line);
      byMessage.set(issue.message, lines);
    }
  }
  return [...whole, ...[...byMessage].map(([message, lines]) => `${linesOf(lines)}: ${message}`)];
}
