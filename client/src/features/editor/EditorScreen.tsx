import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';
import { EditorWorkspace } from './EditorWorkspace';

/** /videos/:id/edit: the subtitle editor of one of the company's videos. */
export function EditorScreen() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  // Opened once: the editor owns the document from then on; a reload starts from the saved draft.
  const session = useQuery(
    trpc.editor.open.queryOptions(
      { id },
      { enabled: valid, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
    ),
  );
  const peaks = useQuery(
    trpc.editor.peaks.queryOptions({ id }, { enabled: valid, staleTime: Number.POSITIVE_INFINITY }),
  );
  return (
    <Screen title="Edit subtitles">
      <QueryState query={session} loading="Opening the editor…" failed="The editor could not be opened">
        {(opened) => <EditorWorkspace videoId={id} session={opened} peaks={peaks.data ?? null} />}
      </QueryState>
    </Screen>
  );
}
