// Whether a built file is older than the sources it was built from (mtimes, skipping
// node_modules and dot-folders).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.name === 'node_modules' || child.name.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child.name)));
  }
  return newest;
}

/** True when `built` is missing or any file under `sources` changed after it. */
export function isStale(built, sources) {
  if (!existsSync(built)) return true;
  const newest = Math.max(...sources.filter((source) => existsSync(source)).map(newestChange));
  return newest > statSync(built).mtimeMs;
}
