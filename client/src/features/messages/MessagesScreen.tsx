import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Company user: the company's messages, 5 a page (later issue). */
export function MessagesScreen() {
  return (
    <Screen title="Messages">
      <ComingSoon what="Your messages" />
    </Screen>
  );
}
