/**
 * Runs `load` on the first call and keeps its result; a failed load is tried again on the next call.
 * For SDKs that cost tens of MB at import while most processes, or most requests, never call them.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
