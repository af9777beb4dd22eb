import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import type { AppRouter } from '../../../../server/app/trpc-router';
import {
  SHOWCASE_DESCRIPTION_MAX,
  SHOWCASE_PLACEMENT_LABELS,
  SHOWCASE_PLACEMENTS,
  SHOWCASE_TITLE_MAX,
  type ShowcasePlacement,
  type ShowcaseVideo,
  showcasePublish,
} from '../../../../shared/schemas/showcase';
import { useTRPC } from '../../lib/trpc';
import { type Column, DataTable } from '../../ui/DataTable';
import { Screen } from '../../ui/Screen';
import { serverMessage } from '../auth/server-errors';

type Candidate = inferRouterOutputs<AppRouter>['showcase']['candidates'][number];

const candidateLabel = (video: Candidate) =>
  `${video.companyName}: ${video.title || video.filename} (video ${video.id}, ${video.filename})`;

function PublishForm({ candidates }: { candidates: readonly Candidate[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [videoId, setVideoId] = useState<string | null>(null);
  const [placement, setPlacement] = useState<ShowcasePlacement>('carousel');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [ownerConsent, setOwnerConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const publish = useMutation(
    trpc.showcase.publish.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: 'Video published' });
        setVideoId(null);
        setTitle('');
        setDescription('');
        setOwnerConsent(false);
        await queryClient.invalidateQueries({ queryKey: trpc.showcase.list.queryKey() });
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: serverMessage(error, 'Publishing failed') }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = showcasePublish.safeParse({
      videoId: Number(videoId),
      placement,
      title,
      description,
      ownerConsent,
    });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      if (found.videoId) found.videoId = 'Choose a finished video';
      setErrors(found);
      return;
    }
    setErrors({});
    publish.mutate(checked.data);
  };

  return (
    <Card withBorder padding="lg" maw={640}>
      <form onSubmit={submit} noValidate aria-label="Publish a video">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Publish a video
          </Title>
          <Select
            label="Finished video"
            placeholder={candidates.length ? 'Choose a video' : 'No finished video yet'}
            data={candidates.map((video) => ({ value: String(video.id), label: candidateLabel(video) }))}
            value={videoId}
            onChange={(value) => {
              setVideoId(value);
              const chosen = candidates.find((video) => String(video.id) === value);
              if (chosen && title === '') setTitle(chosen.title || chosen.filename.replace(/\.[^.]*$/, ''));
            }}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No finished video matches"
            error={errors.videoId}
          />
          <Radio.Group
            label="Where"
            value={placement}
            onChange={(value) => setPlacement(value as ShowcasePlacement)}
          >
            <Group mt={4}>
              {SHOWCASE_PLACEMENTS.map((value) => (
                <Radio key={value} value={value} label={SHOWCASE_PLACEMENT_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label="Title"
            maxLength={SHOWCASE_TITLE_MAX}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
          />
          <Textarea
            label="Description"
            description="Shown under the video on the Example Videos page"
            maxLength={SHOWCASE_DESCRIPTION_MAX}
            autosize
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Checkbox
            label="The video's owner agreed to show it publicly"
            checked={ownerConsent}
            onChange={(event) => setOwnerConsent(event.currentTarget.checked)}
            error={errors.ownerConsent}
          />
          <Group>
            <Button type="submit" loading={publish.isPending}>
              Publish
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            The original and the subtitled file are copied, so the published video keeps playing if the
            company deletes its own. Publishing and removing are written to the audit trail.
          </Text>
        </Stack>
      </form>
    </Card>
  );
}

function PublishedVideos() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const published = useQuery(trpc.showcase.list.queryOptions());
  const unpublish = useMutation(
    trpc.showcase.unpublish.mutationOptions({
      onSuccess: async () => {
        notifications.show({ message: 'Video removed from the public pages' });
        await queryClient.invalidateQueries({ queryKey: trpc.showcase.list.queryKey() });
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: serverMessage(error, 'Removing failed') }),
    }),
  );
  const columns: Column<ShowcaseVideo>[] = [
    { label: 'Title', render: (video) => video.title },
    { label: 'Where', render: (video) => SHOWCASE_PLACEMENT_LABELS[video.placement] },
    {
      label: 'Files',
      render: (video) => (
        <Group gap="xs">
          <Anchor href={video.subtitledUrl} target="_blank" size="sm">
            Subtitled
          </Anchor>
          <Anchor href={video.originalUrl} target="_blank" size="sm">
            Original
          </Anchor>
        </Group>
      ),
    },
    {
      label: 'Actions',
      actions: true,
      render: (video) => (
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={`Remove ${video.title}`}
          loading={unpublish.isPending && unpublish.variables?.id === video.id}
          onClick={() => unpublish.mutate({ id: video.id })}
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption="Published videos"
      columns={columns}
      rows={published.data}
      rowKey={(video) => video.id}
      isLoading={published.isLoading}
      error={
        published.error ? serverMessage(published.error, 'The published videos could not be loaded.') : null
      }
      empty="Nothing published yet: the home page shows posters and /examples shows only the reading-speed comparison."
    />
  );
}

/** /admin/showcase: which finished videos play on the home page's carousel and the Example Videos page. */
export function ShowcaseScreen() {
  const trpc = useTRPC();
  const candidates = useQuery(trpc.showcase.candidates.queryOptions());
  return (
    <Screen title="Public videos">
      <PublishedVideos />
      {candidates.isError ? (
        <Alert color="red" role="alert">
          {serverMessage(candidates.error, 'The finished videos could not be loaded.')}
        </Alert>
      ) : (
        <PublishForm candidates={candidates.data ?? []} />
      )}
    </Screen>
  );
}
