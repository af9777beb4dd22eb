// `npm start`: builds the client and the server bundle when missing or older than their sources,
// then runs the server (and, by default, the worker) in this one process. `npm run worker` runs
// this with `worker`: a standalone worker, no HTTP server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from './build-server.mjs';
import { isStale } from './freshness.mjs';

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
