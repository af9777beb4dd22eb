import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Admin: New message form and the Latest Messages table (later issue). */
export function AdminMessagesScreen() {
  return (
    <Screen title="Messages">
      <ComingSoon what="Message management" />
    </Screen>
  );
}
