const METADATA_TIMEOUT_MS = 15_000;

/**
 * PRODUCT.md §5: the duration comes from the file's metadata, in whole seconds rounded down. A detached
 * (never shown) <video> element reads only the metadata of a local object URL. Null when the
 * browser cannot read it (then the server's own measurement decides).
 */
export function readVideoDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const finish = (seconds: number | null) => {
      video.onloadedmetadata = null;
      video.onerror = null;
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = window.setTimeout(() => finish(null), METADATA_TIMEOUT_MS);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      finish(Number.isFinite(video.duration) ? Math.max(0, Math.floor(video.duration)) : null);
    video.onerror = () => finish(null);
    video.src = url;
  });
}
