import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Admin: Title and Html form with Save Changes and Back (later issue). */
export function ContentDetailScreen() {
  const { id } = useParams();
  return (
    <Screen title="Edit Content">
      <ComingSoon what={`Editing content #${id ?? ''}`} />
    </Screen>
  );
}
