/** Types of scripts/figures.mjs (plain JavaScript run by node without a loader) for the tests. */
export interface FiguresRun {
  at: string;
  commit: string;
  code?: { fingerprint: string; folders: string[] };
  tests?: { vitest: { passed: number; failed: number }; playwright: { passed: number; failed: number } };
  figures: { label: string; count: number; outOf: number; notes: Record<string, number> }[];
  soak: Record<string, unknown> | null;
}
export function readFigures(reports: string): Pick<FiguresRun, 'figures' | 'soak'>;
export function figureLines(run: Pick<FiguresRun, 'figures' | 'soak' | 'tests'>): string[];
export function figuresSection(run: FiguresRun): string;
export function documentedFigures(document: string): { section: string; run: FiguresRun | null } | null;
export function writeFiguresSection(file: string, run: FiguresRun): void;
export function figuresNotMeasured(documented: Partial<FiguresRun>, run: Partial<FiguresRun>): string[];
export function writeRunFigures(
  root: string,
  run: Omit<FiguresRun, 'code'>,
  verdict: { current: string; stated: string | null; fresh: boolean; run?: FiguresRun | null },
): string | null;
export const STALE_SECURITY_FIGURES: string;
export const UNMEASURED_SECURITY_FIGURES: string;
export function securityFiguresVerdict(
  root: string,
  relativePath?: string,
): { current: string; stated: string | null; fresh: boolean; run: FiguresRun | null };
