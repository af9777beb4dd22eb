// `npm run storage:migrate`: copies the files of DATA_DIR/files into the bucket of the S3_* settings,
// under the same keys. Run it with the app stopped (or before switching to STORAGE=s3), then start
// with STORAGE=s3. Safe to run again: files already in the bucket are skipped.
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { copyStore } from '../server/storage/copy-store';
import { createStorage } from '../server/storage/create';
import { diskStorage } from '../server/storage/storage';

try {
  const config = loadConfig({ ...process.env, STORAGE: 's3' });
  const bucket = await createStorage(config, path.join(config.dataDir, 'tmp'));
  const local = diskStorage(path.join(config.dataDir, 'files'));
  const report = await copyStore(local, bucket, (key, outcome) => console.log(`${outcome} ${key}`));
  console.log(
    `${report.copied} files copied (${report.bytes} bytes), ${report.skipped} already in bucket "${config.S3_BUCKET}"`,
  );
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `Could not migrate: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
