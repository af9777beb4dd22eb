import { ActionIcon, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { sameOriginFetch } from '../../lib/same-origin-fetch';
import { parseUploadAnswer, UPLOAD_FAILED_MESSAGE } from '../upload/upload-answer';
import { editedSrtError } from '../upload/upload-validation';

export interface EditedSrtUploadProps {
  video: { id: number; filename: string; hardcoded_status: string };
  /** Called after the server took the file; the server set the row back to polling in that request. */
  onUploaded: (videoId: number) => void;
}

/**
 * SPEC: upload a corrected SRT (.srt only) to make the hardcoded video again; the server keeps count
 * of SPEC's 2 free revisions and says so when they are used up.
 */
export function EditedSrtUpload({ video, onUploaded }: EditedSrtUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ready = video.hardcoded_status === 'completed';

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? editedSrtError(chosen) : null);
  };

  const upload = async () => {
    const invalid = editedSrtError(file);
    setError(invalid);
    if (invalid || !file) return;
    setSending(true);
    try {
      const form = new FormData();
      form.set('id', String(video.id));
      form.set('file', file, file.name);
      const response = await sameOriginFetch('/api/upload-srt', { method: 'POST', body: form });
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
      <Group gap={4} wrap="nowrap">
        <FileInput
          size="xs"
          w={150}
          accept=".srt"
          placeholder="Choose .srt"
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
          onClick={() => void upload()}
          loading={sending}
          disabled={!ready}
        >
          <IconUpload size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert" maw={220}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
