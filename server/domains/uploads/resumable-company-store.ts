import { type DataStore, ERRORS, type Upload } from '@tus/utils';

/** The store calls that name an upload, and where in their arguments its id is. */
const ID_OF: Partial<Record<PropertyKey, (args: unknown[]) => unknown>> = {
  create: (args) => (args[0] as Upload | undefined)?.id,
  getUpload: (args) => args[0],
  write: (args) => args[1],
  remove: (args) => args[0],
  declareUploadLength: (args) => args[0],
};

/**
 * The tus server's store, refusing every call for an upload `mayUse` does not allow (another
 * company's) as one that does not exist, whatever id reached it. Other calls pass through.
 */
export function companyScopedDatastore(
  datastore: DataStore,
  mayUse: (storeId: string) => boolean,
): DataStore {
  return new Proxy(datastore, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const idOf = ID_OF[property];
      if (!idOf) return value.bind(target);
      // Always a promise, never a throw: tus calls some of these inside promise executors.
      return async (...args: unknown[]) => {
        const id = idOf(args);
        if (typeof id !== 'string' || !mayUse(id)) throw ERRORS.FILE_NOT_FOUND;
        return value.apply(target, args);
      };
    },
  });
}
