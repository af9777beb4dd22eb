import path from 'node:path';
import type { Config } from '../config';
import type { S3Settings } from './s3';
import { diskStorage, type Storage } from './storage';

/** The S3 settings of a configuration that chose STORAGE=s3 (config.ts requires them there). */
export function s3Settings(config: Config): S3Settings {
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY)
    throw new Error('STORAGE=s3 needs the S3 settings');
  return {
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    region: config.S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/**
 * The storage this configuration names. The AWS SDK loads only with STORAGE=s3, and the bucket is
 * proved reachable and writable before the process starts serving or taking jobs.
 */
export async function createStorage(config: Config, tmpDir: string): Promise<Storage> {
  if (config.STORAGE === 'disk') return diskStorage(path.join(config.dataDir, 'files'));
  const { checkBucket, s3Client, s3Storage } = await import('./s3');
  const settings = s3Settings(config);
  const client = s3Client(settings);
  await checkBucket(client, settings.bucket);
  const linkSigner = settings.publicEndpoint
    ? s3Client({ ...settings, endpoint: settings.publicEndpoint })
    : client;
  return s3Storage(client, settings.bucket, tmpDir, linkSigner);
}
