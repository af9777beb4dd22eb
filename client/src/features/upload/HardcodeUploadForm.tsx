import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { SUBTITLE_IN_EXTENSIONS, SUBTITLE_IN_TEXTS } from '../../../../shared/schemas/subtitles-in';
import { UploadStyleField, useStyleChoice } from '../subtitle-styles/UploadStyleField';
import type { UploadFormProps } from './GenerateUploadForm';
import { PriceLine } from './PriceLine';
import { ResumeUploadOffer, usePreviousUpload } from './ResumeUploadOffer';
import { SubtitleNotes } from './SubtitleNotes';
import type { PreviousUpload } from './send-resumable-upload';
import { UploadErrors, UploadOverlay, UploadSuccess } from './UploadFeedback';
import { hardcodeErrors, visibleErrors } from './upload-validation';
import { useCuesPastEndWarning } from './use-cues-past-end';
import { useSrtProblems } from './use-srt-problems';
import { useUploadFlow } from './use-upload-flow';
import { useVideoDuration } from './use-video-duration';
import { TitleFields, type VideoDetails, VideoFileField } from './VideoDetailsFields';

/**
 * Hardcode mode: the user's video and subtitle file (SRT, WebVTT or ASS), title and description; the
 * subtitles are burned into the video in the chosen style.
 */
export function HardcodeUploadForm({ restored }: UploadFormProps) {
  const [details, setDetails] = useState<VideoDetails>(() => ({
    video: restored?.files.video ?? null,
    title: restored?.form.title ?? '',
    description: restored?.form.description ?? '',
  }));
  const [srt, setSrt] = useState<File | null>(() => restored?.files.srt ?? null);
  const [attempted, setAttempted] = useState(false);
  const duration = useVideoDuration(details.video);
  const flow = useUploadFlow('hardcode');
  const previous = usePreviousUpload('hardcode', details.video, flow.busy);
  const style = useStyleChoice();

  const srtCheck = useSrtProblems(srt);
  const pastEnd = useCuesPastEndWarning(srt, duration.seconds);
  const errorsFor = (durationSeconds: number | null) =>
    hardcodeErrors({ video: details.video, durationSeconds, srt });
  // The SRT's own problems show as soon as it is chosen: nothing is sent until they are fixed.
  const shownErrors = [...visibleErrors(errorsFor(duration.seconds), attempted), ...srtCheck.problems];

  const saved = () => ({
    form: { mode: 'hardcode' as const, title: details.title, description: details.description },
    files: { video: details.video, srt },
  });

  const submit = async (event?: FormEvent, resume?: PreviousUpload) => {
    event?.preventDefault();
    if (flow.busy || !(await flow.ensureLoggedIn(saved()))) return;
    setAttempted(true);
    const durationSeconds = await duration.settled();
    if (errorsFor(durationSeconds).length > 0 || srtCheck.checking || srtCheck.problems.length > 0) return;
    if (!details.video || !srt) return;
    const form = new FormData();
    form.set('title', details.title);
    form.set('description', details.description);
    style.addTo(form);
    // The SRT before the video: the server checks it as it arrives, before storing the video.
    form.set('fileSub', srt, srt.name);
    form.set('fileVideo', details.video, details.video.name);
    await flow.submit({ form, durationSeconds, saved: saved(), resume });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload Your Own Subtitles">
      <Stack gap="sm">
        <VideoFileField value={details} onChange={setDetails} disabled={flow.busy} />
        <ResumeUploadOffer
          previous={previous}
          onResume={() => void submit(undefined, previous ?? undefined)}
          disabled={flow.busy}
        />
        <FileInput
          label="Subtitles (.srt, .vtt or .ass)"
          description={SUBTITLE_IN_TEXTS.help}
          placeholder="Choose a subtitle file"
          accept={SUBTITLE_IN_EXTENSIONS.join(',')}
          leftSection={<IconFileText size={18} aria-hidden />}
          clearable
          value={srt}
          onChange={setSrt}
          disabled={flow.busy}
          withAsterisk
        />
        <SubtitleNotes notes={srtCheck.notes} />
        {/* Once uploaded, the server's sentences (with this one among them) stand below. */}
        {pastEnd && flow.phase !== 'success' && (
          <Alert color="yellow" role="status">
            {pastEnd}
          </Alert>
        )}
        <TitleFields value={details} onChange={setDetails} disabled={flow.busy} />
        <UploadStyleField choice={style} disabled={flow.busy} />
        <PriceLine durationSeconds={duration.seconds} reading={duration.reading} />
        <Text size="xs" c="dimmed">
          Your subtitles are burned into the video exactly as written.
        </Text>
        <UploadErrors errors={flow.serverError ? [...shownErrors, flow.serverError] : shownErrors} />
        <UploadSuccess phase={flow.phase} />
        {/* What the server warns about: characters no font draws, cues past the end (issue 35). */}
        {flow.phase === 'success' && <SubtitleNotes notes={flow.notes} />}
        {flow.progress === 0 && (
          <Group>
            <Button type="submit" leftSection={<IconUpload size={18} aria-hidden />} loading={flow.busy}>
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
