import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Admin: users without a company, search, and the user list (later issue). */
export function UsersScreen() {
  return (
    <Screen title="Users">
      <ComingSoon what="User management" />
    </Screen>
  );
}
