import type { Storage } from './storage';

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
}

/**
 * Copies every file of one store into another under the same key, so the database rows (which hold
 * keys, never places) stay as they are. A file the target already holds at the same size is
 * skipped: a run stopped halfway resumes where it was, and a second run copies nothing. An S3
 * object appears only when its upload completes, so a half-copied file is never taken for done.
 */
export async function copyStore(
  from: Storage,
  to: Storage,
  onFile: (key: string, outcome: 'copied' | 'skipped') => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const prefix of ['videos/', 'showcase/']) {
    for (const key of (await from.list(prefix)).sort()) {
      const size = await from.size(key);
      if (size === null) continue; // removed meanwhile
      if ((await to.size(key)) === size) {
        report.skipped++;
        onFile(key, 'skipped');
        continue;
      }
      const written = await to.write(key, from.read(key));
      if (written !== size) throw new Error(`${key}: copied ${written} bytes of ${size}`);
      report.copied++;
      report.bytes += size;
      onFile(key, 'copied');
    }
  }
  return report;
}
