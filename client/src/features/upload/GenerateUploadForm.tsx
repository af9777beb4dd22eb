import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { speechNotice } from '../../../../shared/schemas/videos';
import { getUploadChoice, setUploadChoice, type UploadChoiceKey } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { UploadStyleField, useStyleChoice } from '../subtitle-styles/UploadStyleField';
import { PriceLine } from './PriceLine';
import { ResumeUploadOffer, usePreviousUpload } from './ResumeUploadOffer';
import type { SavedUploadFiles } from './saved-upload-files';
import type { SavedUploadForm } from './saved-upload-form';
import type { PreviousUpload } from './send-resumable-upload';
import { UploadErrors, UploadOverlay, UploadSuccess, UploadUnavailable } from './UploadFeedback';
import {
  type GenerateSelection,
  INPUT_LANGUAGE_OPTIONS,
  initialSelection,
  markReachable,
  OUTPUT_LANGUAGE_OPTIONS,
  PLAN_OPTIONS,
  unreachableMessage,
} from './upload-choices';
import { generateErrors, isAcceptedAudioFile, visibleErrors } from './upload-validation';
import { useUploadFlow } from './use-upload-flow';
import { useVideoDuration } from './use-video-duration';
import { TitleFields, type VideoDetails, VideoFileField } from './VideoDetailsFields';

const CHOICE_KEYS: Record<keyof GenerateSelection, UploadChoiceKey> = {
  plan: 'selectedPlan',
  inLan: 'selectedInLan',
  outLan: 'selectedOutLan',
};

export interface UploadFormProps {
  /** A form saved before buying credits, restored on /video/upload. */
  restored?: { form: SavedUploadForm; files: SavedUploadFiles } | null;
}

/** The output languages the server's engines reach from `inLan` (undefined until known). */
function useReachableOutputs(inLan: string): readonly string[] | undefined {
  const trpc = useTRPC();
  const capabilities = useQuery(trpc.videos.capabilities.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  return capabilities.data?.[inLan];
}

/** Why generate mode cannot take a video now (null when it can), asked again every 5 s until it can. */
function useSpeechNotice(): string | null {
  const trpc = useTRPC();
  const speech = useQuery(
    trpc.videos.speech.queryOptions(undefined, {
      refetchInterval: (query) => (query.state.data?.state === 'ready' ? false : 5_000),
    }),
  );
  return speech.data ? speechNotice(speech.data) : null;
}

function savedChoices(restored: UploadFormProps['restored']) {
  return initialSelection({
    plan: restored?.form.plan ?? getUploadChoice('selectedPlan'),
    inLan: restored?.form.inLan ?? getUploadChoice('selectedInLan'),
    outLan: restored?.form.outLan ?? getUploadChoice('selectedOutLan'),
  });
}

/** Generate mode: MP4, input and output language, reading-speed plan, price and upload. */
export function GenerateUploadForm({ restored }: UploadFormProps) {
  const [details, setDetails] = useState<VideoDetails>(() => ({
    video: restored?.files.video ?? null,
    title: restored?.form.title ?? '',
    description: restored?.form.description ?? '',
  }));
  const [selection, setSelection] = useState<GenerateSelection>(() => savedChoices(restored));
  const [attempted, setAttempted] = useState(false);
  const duration = useVideoDuration(details.video);
  const flow = useUploadFlow('generate');
  const previous = usePreviousUpload('generate', details.video, flow.busy);
  const style = useStyleChoice();

  const choose = (key: keyof GenerateSelection, value: string | null) => {
    setSelection((current) => ({ ...current, [key]: value ?? '' }));
    // PRODUCT.md §3: the choices are remembered for the next visit.
    setUploadChoice(CHOICE_KEYS[key], value);
  };

  const speechUnavailable = useSpeechNotice();
  const reachable = useReachableOutputs(selection.inLan);
  const pairProblem = unreachableMessage(selection.inLan, selection.outLan, reachable);

  const errorsFor = (durationSeconds: number | null) =>
    generateErrors({ video: details.video, durationSeconds, ...selection });
  const shownErrors = visibleErrors(errorsFor(duration.seconds), attempted);

  const saved = () => ({
    form: { mode: 'generate' as const, title: details.title, description: details.description, ...selection },
    files: { video: details.video },
  });

  const submit = async (event?: FormEvent, resume?: PreviousUpload) => {
    event?.preventDefault();
    if (flow.busy || speechUnavailable || !(await flow.ensureLoggedIn(saved()))) return;
    setAttempted(true);
    const durationSeconds = await duration.settled();
    if (errorsFor(durationSeconds).length > 0 || pairProblem || !details.video) return;
    const form = new FormData();
    form.set('title', details.title);
    form.set('description', details.description);
    form.set('rso', selection.plan);
    form.set('in_lan', selection.inLan);
    form.set('out_lan', selection.outLan);
    if (!isAcceptedAudioFile(details.video)) style.addTo(form);
    form.set('file', details.video, details.video.name);
    await flow.submit({ form, durationSeconds, saved: saved(), resume });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Automatic Professional Subtitles">
      <Stack gap="sm">
        <UploadUnavailable message={speechUnavailable ?? flow.unavailable} />
        <VideoFileField value={details} onChange={setDetails} disabled={flow.busy} acceptsAudio />
        <ResumeUploadOffer
          previous={previous}
          onResume={() => void submit(undefined, previous ?? undefined)}
          disabled={flow.busy}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Input language"
            description="Spoken in the video"
            data={INPUT_LANGUAGE_OPTIONS}
            value={selection.inLan || null}
            onChange={(value) => choose('inLan', value)}
            allowDeselect={false}
            withAsterisk
            disabled={flow.busy}
          />
          <Select
            label="Output language"
            description="Of the subtitles"
            data={markReachable(OUTPUT_LANGUAGE_OPTIONS, reachable)}
            value={selection.outLan || null}
            onChange={(value) => choose('outLan', value)}
            error={pairProblem}
            allowDeselect={false}
            withAsterisk
            disabled={flow.busy}
          />
          <Select
            label="Reading speed"
            description="How much the text is condensed"
            data={PLAN_OPTIONS}
            value={selection.plan || null}
            onChange={(value) => choose('plan', value)}
            allowDeselect={false}
            withAsterisk
            disabled={flow.busy}
            renderOption={({ option }) => {
              const plan = PLAN_OPTIONS.find((item) => item.value === option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    {plan?.description}
                  </Text>
                </Stack>
              );
            }}
          />
        </SimpleGrid>
        <TitleFields value={details} onChange={setDetails} disabled={flow.busy} />
        {/* Audio alone has no picture to burn subtitles into, so no look to choose. */}
        {!(details.video && isAcceptedAudioFile(details.video)) && (
          <UploadStyleField choice={style} disabled={flow.busy} />
        )}
        <PriceLine durationSeconds={duration.seconds} reading={duration.reading} />
        <UploadErrors errors={flow.serverError ? [...shownErrors, flow.serverError] : shownErrors} />
        <UploadSuccess phase={flow.phase} />
        {flow.progress === 0 && (
          <Group>
            <Button
              type="submit"
              leftSection={<IconUpload size={18} aria-hidden />}
              loading={flow.busy}
              disabled={Boolean(speechUnavailable)}
            >
              Upload
            </Button>
          </Group>
        )}
      </Stack>
      <UploadOverlay
        phase={flow.phase}
        progress={flow.progress}
        transfer={flow.transfer}
        onCancel={flow.cancel}
      />
    </form>
  );
}
