import type { PipelineRow } from '../derive';
import type { FigureResult } from '../results';
import { knownCausesMarkdown } from './known-causes';
import type { BenchReport, Details } from './report-data';
import { runConditionsMarkdown } from './run-conditions';
import { sectionsMarkdown } from './sections';
import { pairedOrder, SIDE_BY_SIDE } from './side-by-side';
import { formatNumber, settingsLine, table } from './tables';
import { whenMissed } from './when-missed';

function spread(figure: FigureResult): string {
  const summary = figure.summary;
  if (!summary) return '—';
  if (summary.runs === 1) return '1 run';
  return `${formatNumber(summary.min)}–${formatNumber(summary.max)} (±${(summary.spreadPct / 2).toFixed(0)}%, ${summary.runs} runs)`;
}

function met(figure: FigureResult): string {
  if (!figure.target) return 'no target';
  if (figure.met === null) return 'not measured';
  return figure.met ? 'met' : 'NOT met';
}

function summaryTable(figures: readonly FigureResult[]): string {
  return table(
    ['Figure', 'Key', 'Median', 'Spread (min–max)', 'Baseline (same run)', 'Target', 'Met?'],
    pairedOrder(figures).map((figure) => [
      figure.title,
      `\`${figure.key}\``,
      figure.value === null
        ? 'not measured'
        : `${formatNumber(figure.value)}${figure.unit ? ` ${figure.unit}` : ''}`,
      spread(figure),
      figure.baseline ?? '—',
      figure.target?.label ?? '—',
      met(figure),
    ]),
  );
}

/** One line per figure: what it was measured on, or why not; and what stands in the way of a missed target. */
export function figureNotes(figures: readonly FigureResult[], details: Details): string {
  const lines = pairedOrder(figures).map((figure) => {
    if (figure.value === null) return `- \`${figure.key}\`: **not measured** — ${figure.reason}`;
    const missed = whenMissed(figure, details);
    return `- \`${figure.key}\`: ${figure.note ?? ''}${missed ? `. **Not met:** ${missed}` : ''}`;
  });
  return lines.join('\n');
}

export function pipelineStageColumns(rows: readonly PipelineRow[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row.stagesSeconds)))];
}

const shownValue = (figure: FigureResult | undefined) =>
  !figure
    ? 'not among this run’s figures (added after it)'
    : figure.value === null
      ? 'not measured'
      : `${formatNumber(figure.value)}${figure.unit ? ` ${figure.unit}` : ''} (${met(figure)})`;

/** The figures measured against two baselines, both side by side, the stricter first. */
export function sideBySideTable(figures: readonly FigureResult[]): string {
  const byKey = new Map(figures.map((figure) => [figure.key, figure]));
  const pairs = SIDE_BY_SIDE.filter((pair) => byKey.has(pair.stricter) || byKey.has(pair.gentler));
  if (pairs.length === 0) return '';
  return [
    '## Side by side: the stricter baseline first',
    '',
    'Where a target is judged against two baselines, both figures are given, the stricter first: a target met only against the gentler one is not met against the stricter.',
    '',
    table(
      ['Measure', 'Stricter', 'Gentler'],
      pairs.map((pair) => [
        pair.what,
        `\`${pair.stricter}\`: ${shownValue(byKey.get(pair.stricter))}`,
        `\`${pair.gentler}\`: ${shownValue(byKey.get(pair.gentler))}`,
      ]),
    ),
    '',
  ].join('\n');
}

function databaseLine(settings: Record<string, string> | null): string {
  if (!settings) return 'PostgreSQL did not start in this run.';
  return `PostgreSQL: embedded, started as \`npm start\` starts its own (server/db/connect.ts), and read back from it during the run: ${settingsLine(settings)}. The targets are judged on these settings.`;
}

/** What the document says, at its top, of the code it measured and of the run's mode. */
export function measuredLine(meta: BenchReport['meta']): string {
  const commit = meta.commit
    ? `commit \`${meta.commit}\`${meta.dirty ? ' with uncommitted changes' : ''}`
    : 'no commit recorded';
  const code = meta.code
    ? `code fingerprint \`${meta.code.fingerprint}\` (a hash of the files in ${meta.code.folders.map((folder) => `\`${folder}\``).join(', ')}${meta.code.leftOut?.length ? `, tests (${meta.code.leftOut.map((glob) => `\`${glob}\``).join(', ')}) left out` : ''}; \`npm test\` fails when the tree no longer hashes to it, or when the report is not a full run)`
    : 'no code fingerprint (a run before fingerprints: `npm test` fails until a run records one)';
  const mode =
    meta.mode === 'quick'
      ? 'a `--quick` run (one clip length, fewer and shorter repeats), not the full bench'
      : 'a full run (`npm run bench`)';
  const runs = meta.runs
    ? ` ${meta.runs.count} whole runs one after the other (${meta.runs.secondsEach.map((seconds) => `${Math.round(seconds)} s`).join(', ')}), each on a fresh data folder, database and browser profile: every figure is the median of the runs' own medians, its spread the range across the runs, and the part tables below are the last run's.`
    : '';
  return `**Measured at ${commit}, ${code}; ${mode}.**${runs}`;
}

/** docs/BENCHMARKS.md: the summary table, then each measurement's detail and method. */
export function renderMarkdown(report: BenchReport): string {
  const { meta } = report;
  return [
    '# Benchmarks',
    '',
    measuredLine(meta),
    '',
    `Generated by \`${meta.command}\` (${meta.mode} mode) on ${meta.finishedAt}, in ${Math.round(meta.durationSeconds)} s, ` +
      `on ${meta.machine.cpus} × ${meta.machine.cpuModel}, ${meta.machine.memoryGb} GB RAM, Node ${meta.machine.node}, ${meta.machine.ffmpeg}.`,
    '',
    databaseLine(meta.databaseSettings),
    '',
    'Every figure below was measured in that run, with its baseline measured in the same run where one exists ' +
      '(these machines are noisy, so ratios travel better than absolute times). A figure that could not be ' +
      'measured is shown as not measured, with the reason; the raw data is in `bench/results/latest.json`.',
    meta.mode === 'quick'
      ? '\n**Quick mode**: one clip length (1 min), fewer and shorter repeats; the pipeline targets are stated for 10-minute videos, so read them with that in mind. `npm run bench` runs the full set.'
      : '',
    '',
    '## Summary',
    '',
    summaryTable(report.figures),
    '',
    'Spread is the range of the runs (± half of it relative to the median). Notes per figure:',
    '',
    figureNotes(report.figures, report.details),
    '',
    sideBySideTable(report.figures),
    knownCausesMarkdown(report.figures),
    runConditionsMarkdown(),
    sectionsMarkdown(report),
  ].join('\n');
}
