/**
 * The live number of messages for the user's company; null while unknown. The messages router arrives
 * in a later issue; until then nothing is highlighted.
 */
export function useMessagesCount(): number | null {
  return null;
}
