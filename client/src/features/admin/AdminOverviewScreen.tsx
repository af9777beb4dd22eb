import { Screen } from '../../ui/Screen';

/** Admin: SPEC keeps this a placeholder screen with no content. */
export function AdminOverviewScreen() {
  return <Screen title="Admin Overview" />;
}
