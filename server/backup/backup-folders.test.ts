import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startWalFile } from './base-backup';
import { pruneBackups } from './create-backup';
import { readManifest } from './manifest';

const root = await mkdtemp(path.join(os.tmpdir(), 'subtitling-backup-folders-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function folderWith(name: string, files: Record<string, string>) {
  const folder = path.join(root, name);
  await mkdir(folder, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(folder, file), text);
  return folder;
}

describe('backup folders', () => {
  it('keeps the newest complete backups and leaves unfinished and foreign folders alone', async () => {
    const backups = path.join(root, 'backups');
    for (const name of [
      '2026-11-01T03-00-00Z',
      '2026-11-02T03-00-00Z',
      '2026-11-03T03-00-00Z',
      '2026-11-04T03-00-00Z',
    ]) {
      await folderWith(path.join('backups', name), { 'manifest.json': '{}' });
    }
    await folderWith('backups/2026-11-05T03-00-00Z.partial', { 'database.dump': '' });
    await folderWith('backups/2026-10-01T03-00-00Z', {}); // no manifest: not a finished backup
    await folderWith('backups/before-upgrade', { 'manifest.json': '{}' }); // named by hand

    expect(await pruneBackups(backups, 2)).toEqual(['2026-11-02T03-00-00Z', '2026-11-01T03-00-00Z']);
    expect((await readdir(backups)).sort()).toEqual([
      '2026-10-01T03-00-00Z',
      '2026-11-03T03-00-00Z',
      '2026-11-04T03-00-00Z',
      '2026-11-05T03-00-00Z.partial',
      'before-upgrade',
    ]);
    expect(await pruneBackups(path.join(root, 'nothing-here'), 2)).toEqual([]);
  });

  it('refuses a manifest whose keys would lead out of the backup folder', async () => {
    const manifest = (key: string) => ({
      format: 1,
      createdAt: new Date().toISOString(),
      database: { method: 'base_backup', folder: 'postgres', serverVersion: '18.1' },
      secrets: [],
      files: [{ key, size: 1, sha256: 'a'.repeat(64) }],
      missing: [],
    });
    const good = await folderWith('good', {
      'manifest.json': JSON.stringify(manifest('videos/1/source.mp4')),
    });
    expect((await readManifest(good)).files[0]?.key).toBe('videos/1/source.mp4');
    for (const key of ['../../etc/passwd', '/etc/passwd', 'videos/../../x']) {
      const bad = await folderWith(`bad-${key.length}`, { 'manifest.json': JSON.stringify(manifest(key)) });
      await expect(readManifest(bad), key).rejects.toThrow(/is not a backup manifest/);
    }
    await expect(readManifest(path.join(root, 'backups'))).rejects.toThrow(
      /is not a backup: it has no manifest.json/,
    );
  });

  it('reads the WAL file a base backup starts in from its label', () => {
    const label =
      'START WAL LOCATION: 0/2000028 (file 000000010000000000000002)\nCHECKPOINT LOCATION: 0/2000080\n';
    expect(startWalFile(label)).toBe('000000010000000000000002');
    expect(() => startWalFile('nonsense')).toThrow(/without its start WAL file/);
  });
});
