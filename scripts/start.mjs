// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server (and, by default, the worker) in this one process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/client/index.html');

function newestChange(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function clientIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = Math.max(newestChange(path.join(root, 'client')), newestChange(path.join(root, 'shared')));
  return sources > statSync(builtIndex).mtimeMs;
}

if (!existsSync(path.join(root, 'node_modules/.bin/vite'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}
if (clientIsStale()) {
  console.log('Building the web client…');
  const build = spawnSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'server/main.ts'));
