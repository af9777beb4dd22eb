export const SECURITY_FIGURES_CODE: string[];
export const BENCHMARK_FIGURES_CODE: string[];
export const BENCHMARK_FIGURES_LEFT_OUT: string[];
export function filesUnder(root: string, folders: readonly string[], leftOut?: readonly string[]): string[];
export function codeFingerprint(
  root: string,
  folders: readonly string[],
  leftOut?: readonly string[],
): string;
export function committedDocument(root: string, relativePath: string): string | null;
export function compareFingerprint(
  root: string,
  folders: readonly string[],
  stated: string | null | undefined,
  leftOut?: readonly string[],
): { current: string; stated: string | null; fresh: boolean };
export const STALE_BENCHMARK_FIGURES: string;
export function benchmarkFiguresVerdict(
  root: string,
  relativePath?: string,
): { current: string; stated: string | null; fresh: boolean; mode: 'quick' | 'full' | null };
