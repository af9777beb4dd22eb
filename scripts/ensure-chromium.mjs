// End-to-end tests drive a real Chromium. Finds it, installs Debian's when we may, or says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const executable = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(executable)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
  console.log("Chromium is missing: installing Debian's chromium package (about 480 MB)…");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (existsSync(executable)) process.exit(0);
}
console.error(
  `Chromium was not found at ${executable}. Install it with \`sudo apt-get install -y chromium\`, ` +
    'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
);
process.exit(1);
