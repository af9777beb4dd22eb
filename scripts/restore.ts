// `npm run restore -- BACKUP [--force]`: restores a backup of `npm run backup` into DATA_DIR (and the
// database at DATABASE_URL, when set), which must be empty unless --force.
import { RestoreRefused, restoreBackup } from '../server/backup/restore-backup';
import { ConfigError, loadConfig } from '../server/config';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [backup, ...extra] = args.filter((arg) => arg !== '--force');

if (!backup || extra.length > 0 || backup.startsWith('-')) {
  console.error('Usage: npm run restore -- BACKUP_FOLDER [--force]');
  process.exit(2);
}

try {
  const config = loadConfig();
  const manifest = await restoreBackup({ config, backup, force, log: (line) => console.log(line) });
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: start the service with the same DATA_DIR`,
  );
} catch (error) {
  const known = error instanceof ConfigError || error instanceof RestoreRefused;
  console.error(known ? (error as Error).message : `Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
