/** Where the tests and the benchmarks find Chromium (Debian's package unless CHROMIUM_PATH says otherwise). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * How they start it: headless as root without the sandbox, and without the background services
 * whose connections this machine's closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
