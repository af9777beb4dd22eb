import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What the app and its test support are built from; a mutant gets its own copy of all of it. */
const SOURCE_FOLDERS = ['server', 'shared', 'worker', 'migrations', 'test/support', 'test/security'];

/** One exact text replacement in one file of the source tree: `old` must occur there exactly once. */
export interface Replacement {
  file: string;
  old: string;
  new: string;
}

/** How many times `text` holds `part`. */
function occurrences(text: string, part: string): number {
  return part === '' ? 0 : text.split(part).length - 1;
}

/**
 * Why a replacement cannot be applied to the repository's source as it is now (its old text gone or
 * ambiguous), or undefined when it can: a mutation must fail loudly rather than rot silently.
 */
export async function replacementProblem(replacement: Replacement): Promise<string | undefined> {
  const text = await readFile(path.join(ROOT, replacement.file), 'utf8');
  const found = occurrences(text, replacement.old);
  return found === 1 ? undefined : `${replacement.file}: the old text occurs ${found} times, not once`;
}

/**
 * A copy of the source tree in a temporary folder with the replacements applied (none for a control
 * copy); its modules import each other, and the repository's node_modules, as the original's do.
 */
export async function mutantTree(replacements: Replacement[]) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'subtitling-mutant-'));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    for (const folder of SOURCE_FOLDERS) {
      await cp(path.join(ROOT, folder), path.join(root, folder), {
        recursive: true,
        filter: (source) => !source.endsWith('.test.ts') && !source.endsWith('.test.tsx'),
      });
    }
    await cp(path.join(ROOT, 'package.json'), path.join(root, 'package.json'));
    await symlink(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    for (const replacement of replacements) {
      const problem = await replacementProblem(replacement);
      if (problem) throw new Error(`cannot apply the mutation: ${problem}`);
      const file = path.join(root, replacement.file);
      const text = await readFile(file, 'utf8');
      await writeFile(
        file,
        text.replace(replacement.old, () => replacement.new),
      );
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { root, remove, file: (relative: string) => path.join(root, relative) };
}
