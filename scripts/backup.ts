import path from 'node:path';
// `npm run backup [-- FOLDER]`: backs up the running service (DATABASE_URL, or the embedded database
// of a running `npm start` with the same DATA_DIR) into FOLDER or DATA_DIR/backups/<time>/.
import { createBackup } from '../server/backup/create-backup';
import { ConfigError, loadConfig } from '../server/config';
import { findDatabaseUrl } from '../server/db/connect';
import { openDatabase } from '../server/db/database';
import { createStorage } from '../server/storage/create';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const config = loadConfig();
  const url = await findDatabaseUrl(config);
  const database = openDatabase(url, { max: 2 });
  try {
    const { folder, manifest } = await createBackup(
      {
        config,
        databaseUrl: url,
        db: database.db,
        storage: await createStorage(config, path.join(config.dataDir, 'tmp')),
      },
      process.argv[2],
    );
    const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
    console.log(
      `Backup written to ${folder}: the database (${manifest.database.method}, PostgreSQL ${manifest.database.serverVersion}) and ${manifest.files.length} files (${megabytes(bytes)})`,
    );
    for (const key of manifest.missing) console.warn(`  not backed up, already gone from storage: ${key}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
