import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';

const storedFile = z.object({
  /** A storage key (the same rule as server/storage): never a path out of the backup folder. */
  key: z
    .string()
    .regex(/^[a-z0-9][a-z0-9/_.-]*$/)
    .refine((key) => !key.includes('..'), 'must not contain ..'),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type StoredFile = z.infer<typeof storedFile>;

/**
 * What a backup folder holds. `pg_dump`: PostgreSQL's custom-format archive `database.dump`.
 * `base_backup`: the embedded cluster copied while it ran (PostgreSQL's online backup API), in `postgres/`.
 */
export const backupManifest = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.discriminatedUnion('method', [
    z.object({
      method: z.literal('pg_dump'),
      file: z.literal('database.dump'),
      serverVersion: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
    z.object({ method: z.literal('base_backup'), folder: z.literal('postgres'), serverVersion: z.string() }),
  ]),
  /** DATA_DIR files restored beside the database: its password (base backups) and the link-signing secret. */
  secrets: z.array(z.enum(['postgres.password', 'app.secret'])),
  /** Every stored file the database refers to, copied under `files/<key>`. */
  files: z.array(storedFile),
  /** Keys a row named whose file was already gone when the backup ran. */
  missing: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof backupManifest>;

export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${folder} is not a backup: it has no ${MANIFEST_FILE}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not a backup manifest: it is not JSON`);
  }
  const parsed = backupManifest.safeParse(json);
  if (!parsed.success)
    throw new Error(`${file} is not a backup manifest: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
