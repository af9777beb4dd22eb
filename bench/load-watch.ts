import os from 'node:os';

/** How long a part of the run took, and how busy the machine was meanwhile (1-min load average). */
export interface PartTiming {
  seconds: number;
  meanLoad: number;
  maxLoad: number;
}

/**
 * Samples the load average while a part runs. The bench alone keeps about as many tasks runnable
 * as there are cores; much more means other work shared the machine and slowed the figures.
 */
export function watchLoad(intervalMs = 5000): { stop(): PartTiming } {
  const started = performance.now();
  const samples = [os.loadavg()[0] ?? 0];
  const timer = setInterval(() => samples.push(os.loadavg()[0] ?? 0), intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(os.loadavg()[0] ?? 0);
      return {
        seconds: (performance.now() - started) / 1000,
        meanLoad: samples.reduce((sum, value) => sum + value, 0) / samples.length,
        maxLoad: Math.max(...samples),
      };
    },
  };
}
