import { Screen } from '../../ui/Screen';

/** Admin: SPEC keeps conversion detail a placeholder with no content. */
export function ConversionDetailScreen() {
  return <Screen title="Conversion" />;
}
