import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Admin: companies table, pagination and a Create Company modal (later issue). */
export function CompanyOverviewScreen() {
  return (
    <Screen title="Companies">
      <ComingSoon what="The company list" />
    </Screen>
  );
}
