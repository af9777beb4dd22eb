import path from 'node:path';
import type { SegmentStore } from '../../media/render-by-segments';
import type { Storage } from '../../storage/storage';

/** Where a video's burned segments are kept: `segments/` beside its source. */
export function segmentsFolder(sourceKey: string): string {
  return `${path.posix.dirname(sourceKey)}/segments/`;
}

/** The burn-in's segments of one video, kept in storage between its burn-ins (disk or bucket). */
export function burnedSegments(storage: Storage, sourceKey: string): SegmentStore {
  const folder = segmentsFolder(sourceKey);
  const keyOf = (name: string) => folder + name;
  const withFiles = <T>(
    names: readonly string[],
    files: string[],
    use: (files: string[]) => Promise<T>,
  ): Promise<T> => {
    const [first, ...rest] = names;
    if (first === undefined) return use(files);
    return storage.withLocalFile(keyOf(first), (file) => withFiles(rest, [...files, file], use));
  };
  return {
    has: async (name) => (await storage.size(keyOf(name))) !== null,
    keep: (name, file) => storage.adopt(keyOf(name), file),
    withLocalFiles: (names, use) => withFiles(names, [], use),
    async keepOnly(names) {
      const kept = new Set(names.map(keyOf));
      for (const key of await storage.list(folder)) if (!kept.has(key)) await storage.remove(key);
    },
  };
}
