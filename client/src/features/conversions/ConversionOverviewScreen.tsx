import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Admin: table of number, Name, Symbol, Rate with Edit (later issue). */
export function ConversionOverviewScreen() {
  return (
    <Screen title="Conversions">
      <ComingSoon what="The conversion list" />
    </Screen>
  );
}
