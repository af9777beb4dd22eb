import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Admin: table of #, Title, Html, Actions with an Edit button per row (later issue). */
export function ContentOverviewScreen() {
  return (
    <Screen title="Content">
      <ComingSoon what="The content list" />
    </Screen>
  );
}
