/**
 * Turns a stream of progress reports into database writes made one at a time, so a slow write can
 * never land after a later one; `write` answers whether the row moved (the repo only moves a bar
 * forward), and only then are listeners told.
 */
export function progressWriter(
  write: (percent: number) => Promise<boolean>,
  announce: () => Promise<unknown>,
): (percent: number) => void {
  let chain = Promise.resolve();
  return (percent) => {
    chain = chain
      .then(async () => {
        if (await write(percent)) await announce();
      })
      .catch(() => {}); // a lost progress report is harmless; the step's own end write is not
  };
}
