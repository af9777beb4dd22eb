// Bundles the server and the standalone worker into dist/server (`npm run build`, and `npm start`
// when the bundle is missing or older than its sources). Running compiled JavaScript instead of
// loading TypeScript through tsx keeps about 50 MB of memory out of every process.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(root, 'dist/server');
const SOURCES = ['server', 'worker', 'shared', 'migrations', 'package.json', 'scripts/build-server.mjs'].map(
  (source) => path.join(root, source),
);

/**
 * Packages stay imports of node_modules; chunks are split so the SDKs a module imports still load
 * only when that module is first used (Deepgram, Google, the worker). Every file is put in place
 * by rename, entry points last, so a process starting meanwhile never reads half a bundle.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    // The Whisper process (server/engines/whisper-process.ts) runs beside its caller's chunk.
    entryPoints: {
      main: 'server/main.ts',
      worker: 'worker/main.ts',
      'whisper-child': 'server/engines/whisper-child.ts',
    },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: SERVER_DIST,
    write: false,
    logLevel: 'warning',
  });
  await mkdir(SERVER_DIST, { recursive: true });
  const isEntry = (file) => ['main.js', 'worker.js', 'whisper-child.js'].includes(path.basename(file.path));
  const ordered = [
    ...result.outputFiles.filter((file) => !isEntry(file)),
    ...result.outputFiles.filter(isEntry),
  ];
  for (const file of ordered) {
    const partial = `${file.path}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, file.contents);
    await rename(partial, file.path);
  }
}

/** Builds when needed; answers the path of the entry point (`main` or `worker`). */
export async function ensureServerBuilt(entry) {
  const built = path.join(SERVER_DIST, `${entry}.js`);
  if (isStale(built, SOURCES)) await buildServer();
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
