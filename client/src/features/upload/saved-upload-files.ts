/**
 * The files of an upload saved while the user buys credits, kept in IndexedDB (files are too big for
 * localStorage and survive the trip to the payment provider this way), so the user need not pick
 * them again on /video/upload.
 */
export interface SavedUploadFiles {
  video?: File | null;
  srt?: File | null;
}

const DB_NAME = 'subtitling-upload';
const STORE = 'files';
const KEY = 'pending';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

export async function putSavedFiles(files: SavedUploadFiles): Promise<void> {
  await run('readwrite', (store) => store.put({ video: files.video ?? null, srt: files.srt ?? null }, KEY));
}

export async function getSavedFiles(): Promise<SavedUploadFiles | null> {
  const value: unknown = await run('readonly', (store) => store.get(KEY));
  if (typeof value !== 'object' || value === null) return null;
  const { video, srt } = value as Record<string, unknown>;
  return { video: video instanceof File ? video : null, srt: srt instanceof File ? srt : null };
}

export async function clearSavedFiles(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}
