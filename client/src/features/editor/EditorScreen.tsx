import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';
import { SubtitleNotes } from '../upload/SubtitleNotes';
import { readingNotesOf } from '../videos/video-rows';
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
  // What reading the current subtitle file repaired (issue 36), as the upload form said it.
  const video = useQuery(trpc.videos.get.queryOptions({ id }, { enabled: valid }));
  return (
    <Screen title="Edit subtitles">
      {video.data && <SubtitleNotes notes={readingNotesOf(video.data)} />}
      <QueryState query={session} loading="Opening the editor…" failed="The editor could not be opened">
        {(opened) => <EditorWorkspace videoId={id} session={opened} peaks={peaks.data ?? null} />}
      </QueryState>
    </Screen>
  );
}
