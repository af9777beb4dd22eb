import type { Outcomes } from './derive';
import type { FigureKey } from './figures';
import type { Details } from './report/report-data';
import { failureReason } from './results';

export interface SectionResult {
  outcomes: Outcomes;
  details: Details;
}

/**
 * Runs one part of the bench; if it throws, its figures become null with the error as the reason,
 * and the other parts still run.
 */
export async function attempt(
  name: string,
  keys: readonly FigureKey[],
  part: () => Promise<SectionResult>,
  log: (line: string) => void,
): Promise<SectionResult> {
  try {
    return await part();
  } catch (error) {
    const reason = failureReason(error);
    log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const outcomes: Outcomes = {};
    for (const key of keys) outcomes[key] = { reason };
    return { outcomes, details: {} };
  }
}
