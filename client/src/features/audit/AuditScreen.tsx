import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Admin: paginated Date, Action, User table with an Audit Detail dialog (later issue). */
export function AuditScreen() {
  return (
    <Screen title="Audit Trail">
      <ComingSoon what="The audit trail" />
    </Screen>
  );
}
