import { useEffect, useRef } from 'react';
import { type SeenStatuses, type StatusSound, statusSounds } from './status-sounds';
import type { VideoRowView } from './video-rows';

/** Small tones generated for the project (client/public/sounds), no third-party assets. */
const SOUND_FILES: Record<StatusSound, string> = {
  success: '/sounds/success.wav',
  warning: '/sounds/warning.wav',
};

const players = new Map<StatusSound, HTMLAudioElement>();

export function playStatusSound(sound: StatusSound): void {
  let player = players.get(sound);
  if (!player) {
    player = new Audio(SOUND_FILES[sound]);
    player.preload = 'auto';
    players.set(sound, player);
  }
  player.currentTime = 0;
  // Browsers may refuse sound before the user has interacted with the page; the row still updates.
  player.play().catch(() => {});
}

/** PRODUCT.md §2: a success sound on completed and a warning sound on failed, once per transition. */
export function useStatusSounds(rows: readonly VideoRowView[] | undefined): void {
  const seen = useRef<SeenStatuses>(new Map());
  useEffect(() => {
    if (!rows) return;
    const { sound, next } = statusSounds(seen.current, rows);
    seen.current = next;
    if (sound) playStatusSound(sound);
  }, [rows]);
}
