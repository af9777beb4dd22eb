// `npm start`: builds the client and the server bundle when missing or older than their sources,
// then runs the server (and, by default, the worker) in this one process. `npm run worker` runs
// this with `worker`: a standalone worker, no HTTP server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { ensureServerBuilt } from './build-server.mjs';
import { isStale } from './freshness.mjs';

// V8 settings for a small, steady footprint (bench key upload_peak_rss_mb), set before the build or
// the server allocates anything. Start-up keeps the young generation at its first size (loading the
// server otherwise grows it to 32 MB, kept at rest: 20 MB more held idle); once the server runs, V8
// grows it again as it sees fit (held small for good, the uploads ran at half speed, measured).
// WebAssembly stays on its baseline compiler: fetch parses responses with WebAssembly (undici's
// llhttp), and optimising that code on the first outgoing request (Deepgram, Stripe…) took about
// 30 MB for a moment.
for (const flag of ['--semi-space-growth-factor=1', '--liftoff-only']) v8.setFlagsFromString(flag);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] === 'worker' ? 'worker' : 'main';

if (!existsSync(path.join(root, 'node_modules/.bin/vite'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}
const clientSources = ['client', 'shared'].map((folder) => path.join(root, folder));
if (entry === 'main' && isStale(path.join(root, 'dist/client/index.html'), clientSources)) {
  console.log('Building the web client…');
  const build = spawnSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(await ensureServerBuilt(entry));
// Started: V8's default growth (factor 2) from here.
v8.setFlagsFromString('--semi-space-growth-factor=2');
