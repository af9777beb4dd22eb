import { describe, expect, it } from 'vitest';
import { generateStages, hardcodeStages, type Transition } from './stages';

const at = (
  ms: number,
  srtStatus: string,
  hardcodedStatus: string,
  srtProgress: number,
  hardcodedProgress = 0,
): Transition => ({
  at: new Date(1_000_000 + ms),
  srtStatus,
  hardcodedStatus,
  srtProgress,
  hardcodedProgress,
});

describe('stages from the status and progress writes', () => {
  it('cuts the generate chain at the progress each step sets last', () => {
    const stages = generateStages([
      at(0, 'polling', 'polling', 0),
      at(300, 'polling', 'polling', 4),
      at(800, 'polling', 'polling', 10), // progress report reaching 10
      at(900, 'polling', 'polling', 10), // the step's own write
      at(1500, 'polling', 'polling', 80),
      at(1600, 'completed', 'polling', 100),
      at(5000, 'completed', 'polling', 100, 50),
      at(9600, 'completed', 'completed', 100, 100),
    ]);
    expect(stages).toEqual({
      totalMs: 9600,
      backwardSteps: 0,
      stages: { extract: 900, transcribe: 600, shape: 100, burnIn: 8000 },
    });
  });

  it('counts the whole hardcode chain as burn-in', () => {
    const stages = hardcodeStages([
      at(0, 'completed', 'polling', 100),
      at(4000, 'completed', 'completed', 100, 100),
    ]);
    expect(stages).toEqual({ totalMs: 4000, backwardSteps: 0, stages: { burnIn: 4000 } });
  });

  it('notices progress going backwards, as when the same step runs twice at once', () => {
    const stages = hardcodeStages([
      at(0, 'completed', 'polling', 100),
      at(1000, 'completed', 'polling', 100, 10),
      at(1500, 'completed', 'polling', 100, 5),
      at(2000, 'completed', 'polling', 100, 15),
      at(2500, 'completed', 'polling', 100, 10),
      at(4000, 'completed', 'completed', 100, 100),
    ]);
    expect(stages.backwardSteps).toBe(2);
  });

  it('refuses a failed or unfinished video', () => {
    expect(() => hardcodeStages([at(0, 'completed', 'failed', 100)])).toThrow(/failed/);
    expect(() => hardcodeStages([at(0, 'completed', 'polling', 100)])).toThrow(/never reached/);
    expect(() => generateStages([at(0, 'polling', 'polling', 0)])).toThrow(/never reached/);
  });
});
