import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Admin: edit name, address and credits; Save Changes, Cancel, Delete Company (later issue). */
export function CompanyDetailScreen() {
  const { id } = useParams();
  return (
    <Screen title="Company">
      <ComingSoon what={`Editing company #${id ?? ''}`} />
    </Screen>
  );
}
