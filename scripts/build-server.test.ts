import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testWhisperModel } from '../test/support/fixtures';
// @ts-expect-error plain JavaScript run by node without a loader; exercised here, not typed
import { buildServer, SERVER_DIST } from './build-server.mjs';
// @ts-expect-error as above
import { isStale } from './freshness.mjs';

/** Packages a bundle file loads at start: its static imports, following the local chunks it imports. */
async function packagesLoadedAtStart(file: string, seen = new Set<string>()): Promise<Set<string>> {
  const code = await readFile(path.join(SERVER_DIST, file), 'utf8');
  const packages = new Set<string>();
  for (const [, specifier = ''] of code.matchAll(/^import\b(?:[^;]*?\bfrom)?\s*"([^"]+)";/gm)) {
    if (!specifier.startsWith('./')) packages.add(specifier);
    else if (!seen.has(specifier)) {
      seen.add(specifier);
      for (const name of await packagesLoadedAtStart(specifier.slice(2), seen)) packages.add(name);
    }
  }
  return packages;
}

describe('the server bundle', () => {
  it('loads the cloud SDKs, the phrase models, the speech engine and rarely used libraries only on first use', async () => {
    await buildServer();
    const atStart = await packagesLoadedAtStart('main.js');
    expect(atStart).toContain('fastify');
    expect(atStart).toContain('kysely');
    const lazy = [
      '@deepgram/sdk',
      '@google-cloud/translate',
      'stripe',
      'budoux',
      '@fugood/whisper.node',
      // Pretty log lines (JSON logging never needs them), the page HTML sanitizer, the export's ZIP.
      'pino-pretty',
      'sanitize-html',
      'fflate',
    ];
    for (const name of lazy) expect(atStart).not.toContain(name);
    const files = await readdir(SERVER_DIST);
    expect(files.some((file) => file.startsWith('deepgram-'))).toBe(true);
    expect(files.some((file) => file.endsWith('.partial'))).toBe(false);
  });

  it('holds the Whisper process beside its chunks, runnable by node alone', async () => {
    const files = await readdir(SERVER_DIST);
    expect(files).toContain('whisper-child.js');
    const child = fork(path.join(SERVER_DIST, 'whisper-child.js'), [testWhisperModel()], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    try {
      const [message] = await once(child, 'message');
      expect(message).toEqual({ type: 'ready' });
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('isStale', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('is stale when the build is missing or a source changed after it, skipping node_modules', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'freshness-'));
    dirs.push(dir);
    const source = path.join(dir, 'src/a.ts');
    const ignored = path.join(dir, 'src/node_modules/b.js');
    const built = path.join(dir, 'out.js');
    await mkdir(path.dirname(ignored), { recursive: true });
    await writeFile(source, 'a');
    await writeFile(ignored, 'b');
    const sources = [path.join(dir, 'src')];
    expect(isStale(built, sources)).toBe(true);

    await writeFile(built, 'built');
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
    await utimes(source, at(1), at(1));
    await utimes(built, at(2), at(2));
    await utimes(ignored, at(3), at(3));
    expect(isStale(built, sources)).toBe(false);

    await utimes(source, at(3), at(3));
    expect(isStale(built, sources)).toBe(true);
  });
});
