import { Alert, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { docFromCues } from '../../../../shared/subtitles/editor/model';
import { parseSrt } from '../../../../shared/subtitles/srt-parse';
import { useTRPC } from '../../lib/trpc';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';
import { CueComments } from './CueComments';
import { ReviewCueTable } from './ReviewCueTable';

type Session = inferRouterOutputs<AppRouter>['editor']['open'];

/**
 * The subtitles of a video read-only, for a review by the company's users (issue 39): the video, the cues (a click
 * plays from one) and the comments on them. Nothing here changes the subtitles or the draft.
 */
function ReviewWorkspace({ videoId, session }: { videoId: number; session: Session }) {
  const cues = useMemo(
    () =>
      docFromCues(session.draft ? session.draft.cues : session.latest ? parseSrt(session.latest.srt) : []),
    [session],
  );
  const [selectedId, setSelectedId] = useState<string | null>(cues[0]?.id ?? null);
  const media = useRef<HTMLVideoElement>(null);
  const pick = (id: string) => {
    setSelectedId(id);
    const cue = cues.find((candidate) => candidate.id === id);
    if (cue && media.current) media.current.currentTime = cue.startMs / 1000;
  };
  const title = session.video.title || session.video.filename;
  return (
    <Stack gap="xs">
      <Alert color="blue" variant="light" p="xs">
        Read-only review of “{title}”{session.draft ? ' (the draft being edited)' : ''}: comment on the cues;
        the subtitles are changed in the editor.
      </Alert>
      <Group align="flex-start" grow wrap="wrap">
        {session.mediaUrl && (
          // biome-ignore lint/a11y/useMediaCaption: the cues under review are listed beside it.
          <video ref={media} src={session.mediaUrl} controls aria-label={`${title}, for review`} />
        )}
        <Stack gap="xs">
          <ReviewCueTable cues={cues} selectedId={selectedId} onPick={pick} />
          <CueComments videoId={videoId} cues={cues} selectedId={selectedId} onPick={pick} />
        </Stack>
      </Group>
    </Stack>
  );
}

/** /videos/:id/review: the read-only review of a video, for the users of its company. */
export function ReviewScreen() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const session = useQuery(
    trpc.editor.open.queryOptions({ id }, { enabled: valid, staleTime: Number.POSITIVE_INFINITY }),
  );
  return (
    <Screen title="Review subtitles">
      <QueryState query={session} loading="Opening the review…" failed="The review could not be opened">
        {(opened) => <ReviewWorkspace videoId={id} session={opened} />}
      </QueryState>
    </Screen>
  );
}
