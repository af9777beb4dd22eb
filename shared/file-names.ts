/** Strips folders, control characters and excess length from a user's file name. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return (clean || 'video').slice(0, 200);
}

/**
 * The name a download is saved under: the file's name without its extension, plus ours
 * (`talk.mp4` → `talk_subtitled.mp4`, `talk.srt`); `fallback` when nothing is left.
 */
export function downloadName(name: string, suffix: string, fallback = 'video'): string {
  const base = displayName(name).replace(/\.[^.]*$/, '');
  return `${base || fallback}${suffix}`;
}
