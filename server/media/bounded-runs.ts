/**
 * A small line for work that must not pile up (style previews): at most `atOnce` run, at most
 * `waiting` wait their turn, and anything past that is refused at once rather than queued forever.
 */
export class BoundedRuns {
  private active = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    private readonly atOnce: number,
    private readonly waiting: number,
  ) {}

  /** Runs `work` when a place is free; null when the line is full (the caller refuses: 429). */
  run<T>(work: () => Promise<T>): Promise<T> | null {
    if (this.active >= this.atOnce && this.line.length >= this.waiting) return null;
    return this.turn().then(async () => {
      try {
        return await work();
      } finally {
        // The place goes straight to the next in line, or is freed.
        const next = this.line.shift();
        if (next) next();
        else this.active--;
      }
    });
  }

  private turn(): Promise<void> {
    if (this.active < this.atOnce) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.line.push(resolve));
  }
}
