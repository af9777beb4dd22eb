import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** View and edit mode of the current user (later issue). */
export function ProfileScreen() {
  return (
    <Screen title="My Profile">
      <ComingSoon what="Your profile" />
    </Screen>
  );
}
