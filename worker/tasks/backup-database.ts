import { backupsFolder, createBackup, pruneBackups } from '../../server/backup/create-backup';
import { findDatabaseUrl } from '../../server/db/connect';
import type { Handler } from '../task';

/** The scheduled backup (BACKUP_CRON): the same backup as `npm run backup`, then the oldest beyond BACKUP_KEEP go. */
export const backupDatabase: Handler<'backupDatabase'> = async (_payload, { services, helpers }) => {
  const { config, db, storage } = services;
  const databaseUrl = await findDatabaseUrl(config);
  const { folder, manifest } = await createBackup({ config, databaseUrl, db, storage });
  helpers.logger.info(
    `backup written to ${folder}: the database (${manifest.database.method}) and ${manifest.files.length} files`,
  );
  for (const key of manifest.missing) helpers.logger.warn(`not backed up, already gone from storage: ${key}`);
  const removed = await pruneBackups(backupsFolder(config), config.BACKUP_KEEP);
  if (removed.length > 0)
    helpers.logger.info(`removed ${removed.length} older backups: ${removed.join(', ')}`);
};
