/**
 * Prometheus's text exposition format (version 0.0.4) for the series read from the database at
 * scrape time; prom-client writes the ones this process keeps itself.
 */

export type Labels = Record<string, string>;

export interface Sample {
  /** Added to the family's name: '', '_bucket', '_sum', '_count'. */
  suffix?: string;
  labels: Labels;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  samples: Sample[];
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

function formatLabels(labels: Labels): string {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${escapeLabel(value)}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}

export function renderFamilies(families: readonly Family[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      lines.push(
        `${family.name}${sample.suffix ?? ''}${formatLabels(sample.labels)} ${formatValue(sample.value)}`,
      );
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Observations counted at or below each bound, as a histogram's samples (the bounds end with +Inf). */
export function histogramSamples(
  labels: Labels,
  bounds: readonly number[],
  atOrBelow: readonly number[],
  sum: number,
): Sample[] {
  const count = atOrBelow[atOrBelow.length - 1] ?? 0;
  return [
    ...bounds.map((bound, index) => ({
      suffix: '_bucket',
      labels: { ...labels, le: formatValue(bound) },
      value: atOrBelow[index] ?? 0,
    })),
    { suffix: '_sum', labels, value: sum },
    { suffix: '_count', labels, value: count },
  ];
}
