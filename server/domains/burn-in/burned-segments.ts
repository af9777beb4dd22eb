import path from 'node:path';

/** Where a video's burned segments are kept between burn-ins: `segments/` beside its source. */
export function segmentsFolder(sourceKey: string): string {
  return `${path.posix.dirname(sourceKey)}/segments/`;
}

/** One burned segment's key: the same index and fingerprint are the same picture, whichever burn made it. */
export function segmentKey(sourceKey: string, segment: { index: number; fingerprint: string }): string {
  return `${segmentsFolder(sourceKey)}${segment.index}-${segment.fingerprint}.ts`;
}

/** A burn's finished video: its own key, so a superseded burn can never overwrite the delivered one. */
export function burnedVideoKey(sourceKey: string, burnInId: number): string {
  return path.posix.join(path.posix.dirname(sourceKey), `hardcoded-${burnInId}.mp4`);
}
