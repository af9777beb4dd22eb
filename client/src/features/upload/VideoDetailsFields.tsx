import { FileInput, Textarea, TextInput } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import {
  ACCEPTED_AUDIO_EXTENSIONS,
  ACCEPTED_AUDIO_MIME_TYPES,
  ACCEPTED_AUDIO_TYPES_TEXT,
  ACCEPTED_VIDEO_EXTENSIONS,
  ACCEPTED_VIDEO_MIME_TYPES,
  ACCEPTED_VIDEO_TYPES_TEXT,
} from '../../../../shared/schemas/input-formats';

export interface VideoDetails {
  video: File | null;
  title: string;
  description: string;
}

export interface VideoDetailsFieldsProps {
  value: VideoDetails;
  onChange: (value: VideoDetails) => void;
  disabled?: boolean;
}

export interface VideoFileFieldProps extends VideoDetailsFieldsProps {
  /** Generate mode also takes audio alone, for subtitles only (issue 22). */
  acceptsAudio?: boolean;
}

/** The file picker both modes start with: PRODUCT.md's 'Video (MP4)', and audio alone in generate mode. */
export function VideoFileField({ value, onChange, disabled, acceptsAudio = false }: VideoFileFieldProps) {
  const videos = `Also ${ACCEPTED_VIDEO_TYPES_TEXT.replace('MP4, ', '')}`;
  const types = acceptsAudio
    ? [
        ...ACCEPTED_VIDEO_MIME_TYPES,
        ...ACCEPTED_VIDEO_EXTENSIONS,
        ...ACCEPTED_AUDIO_MIME_TYPES,
        ...ACCEPTED_AUDIO_EXTENSIONS,
      ]
    : [...ACCEPTED_VIDEO_MIME_TYPES, ...ACCEPTED_VIDEO_EXTENSIONS];
  return (
    <FileInput
      label={acceptsAudio ? 'Video (MP4) or audio' : 'Video (MP4)'}
      placeholder={acceptsAudio ? 'Choose a video or audio file' : 'Choose a video file'}
      description={acceptsAudio ? `${videos}; or ${ACCEPTED_AUDIO_TYPES_TEXT}` : videos}
      accept={types.join(',')}
      leftSection={<IconMovie size={18} aria-hidden />}
      clearable
      value={value.video}
      onChange={(video) => onChange({ ...value, video })}
      disabled={disabled}
      withAsterisk
    />
  );
}

/** Title and description, both optional, shown on My Videos under the file name. */
export function TitleFields({ value, onChange, disabled }: VideoDetailsFieldsProps) {
  return (
    <>
      <TextInput
        label="Title"
        value={value.title}
        maxLength={200}
        onChange={(event) => onChange({ ...value, title: event.currentTarget.value })}
        disabled={disabled}
      />
      <Textarea
        label="Description"
        value={value.description}
        maxLength={2000}
        autosize
        minRows={2}
        maxRows={6}
        onChange={(event) => onChange({ ...value, description: event.currentTarget.value })}
        disabled={disabled}
      />
    </>
  );
}
