import { readdir } from 'node:fs/promises';
import { OWNER_FILE } from '../../server/temporary-folders';

/** What a process's temporary folder holds beside the file naming its owner: empty once work is done. */
export async function leftoverFiles(tmpDir: string): Promise<string[]> {
  return (await readdir(tmpDir)).filter((name) => name !== OWNER_FILE);
}
