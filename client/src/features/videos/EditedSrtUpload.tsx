import { ActionIcon, FileInput, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_REVISIONS } from '../../../../shared/limits';
import { SUBTITLE_IN_EXTENSIONS } from '../../../../shared/schemas/subtitles-in';
import { isAudioOnly } from '../../../../shared/video-status';
import { sameOriginFetch } from '../../lib/same-origin-fetch';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { parseUploadAnswer, UPLOAD_FAILED_MESSAGE } from '../upload/upload-answer';
import { editedSrtError } from '../upload/upload-validation';

export interface EditedSrtUploadProps {
  video: { id: number; filename: string; hardcoded_status: string; revisions: number };
  /** Called after the server took the file; the server set the row back to polling in that request. */
  onUploaded: (videoId: number) => void;
}

/** Why the control is off, when it is: both free revisions spent. */
export function revisionsUsedUpText(revisions: number): string | null {
  return revisions >= MAX_REVISIONS
    ? `Both free revisions are used (${MAX_REVISIONS} / ${MAX_REVISIONS}).`
    : null;
}

/** The question before a revision is spent. */
export function revisionQuestion(revisions: number, audioOnly = false): string {
  const left = MAX_REVISIONS - revisions - 1;
  const then = audioOnly
    ? 'These subtitles become the current ones (audio only: there is no video to make again).'
    : 'The hardcoded video is made again with this subtitle file.';
  return `This uses 1 of your ${MAX_REVISIONS} free revisions; ${left === 0 ? 'none' : left} will be left. ${then}`;
}

/**
 * PRODUCT.md §2: upload a corrected SRT (or WebVTT or ASS, issue 22) to make the hardcoded video again. Each spends one of
 * the 2 free revisions (PRODUCT.md §9), so it is confirmed first; at 2 / 2 the control is off and says why
 * (the server keeps the count either way).
 */
export function EditedSrtUpload({ video, onUploaded }: EditedSrtUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const usedUp = revisionsUsedUpText(video.revisions);
  // Audio alone has no video to remake: its new SRT is ready as soon as it is taken.
  const ready = (video.hardcoded_status === 'completed' || isAudioOnly(video)) && !usedUp;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? editedSrtError(chosen) : null);
  };

  const askFirst = () => {
    const invalid = editedSrtError(file);
    setError(invalid);
    if (!invalid && file) setConfirming(true);
  };

  const upload = async () => {
    setConfirming(false);
    if (!file) return;
    setSending(true);
    try {
      const form = new FormData();
      form.set('id', String(video.id));
      form.set('file', file, file.name);
      // The product's path: WebVTT and ASS beside SRT (the legacy /api/upload-srt stays SRT only).
      const response = await sameOriginFetch('/api/videos/upload-subtitles', { method: 'POST', body: form });
      const answer = parseUploadAnswer(response.status, await response.text());
      if (answer.ok) {
        setFile(null);
        onUploaded(video.id);
      } else {
        console.error('Edited SRT refused', answer);
        setError(answer.message);
      }
    } catch (failure) {
      console.error('Edited SRT upload failed', failure);
      setError(UPLOAD_FAILED_MESSAGE);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap={4}>
      <Tooltip label={usedUp} disabled={!usedUp} events={{ hover: true, focus: true, touch: true }}>
        <Group gap={4} wrap="nowrap" tabIndex={usedUp ? 0 : undefined} aria-label={usedUp ?? undefined}>
          <FileInput
            size="xs"
            w={150}
            accept={SUBTITLE_IN_EXTENSIONS.join(',')}
            placeholder="Choose .srt, .vtt, .ass"
            aria-label={`Edited SRT for ${video.filename}`}
            leftSection={<IconFileText size={14} aria-hidden />}
            clearable
            value={file}
            onChange={choose}
            disabled={!ready || sending}
            error={Boolean(error)}
          />
          <ActionIcon
            variant="light"
            size="input-xs"
            aria-label={`Upload edited SRT for ${video.filename}`}
            onClick={askFirst}
            loading={sending}
            disabled={!ready}
          >
            <IconUpload size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Tooltip>
      {error && (
        <Text size="xs" c="red" role="alert" maw={220}>
          {error}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Use a free revision?"
        question={revisionQuestion(video.revisions, isAudioOnly(video))}
        confirmLabel="Upload"
        onConfirm={() => void upload()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
