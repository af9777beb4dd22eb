// `node --import tsx bench/env/s3-send-file.ts <file> <key>`, with the S3_* settings the bench's
// store gives the app: sends the file from disk straight into the bucket with the product's own
// multipart upload, in a process of its own, and prints the seconds it took as JSON.
import { s3Client } from '../../server/storage/s3';
import { uploadFile } from '../../server/storage/s3-file-upload';

const [file, key] = process.argv.slice(2);
const setting = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
if (!file || !key) throw new Error('usage: s3-send-file.ts <file> <key>');

const client = s3Client({
  endpoint: setting('S3_ENDPOINT'),
  region: setting('S3_REGION'),
  bucket: setting('S3_BUCKET'),
  accessKeyId: setting('S3_ACCESS_KEY_ID'),
  secretAccessKey: setting('S3_SECRET_ACCESS_KEY'),
  forcePathStyle: setting('S3_FORCE_PATH_STYLE') === 'true',
});
const started = performance.now();
await uploadFile(client, { Bucket: setting('S3_BUCKET'), Key: key }, file);
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000 }));
client.destroy();
