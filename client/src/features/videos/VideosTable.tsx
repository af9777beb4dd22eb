import { Anchor, Group, Loader, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AUDIO_ONLY_TEXTS } from '../../../../shared/schemas/input-formats';
import { type Compliance, complianceSummary } from '../../../../shared/subtitles';
import { SubtitleNotes } from '../upload/SubtitleNotes';
import { languageName, planName } from '../upload/upload-choices';
import { CancelVideoButton } from './CancelVideoButton';
import { DeleteVideoButton } from './DeleteVideoButton';
import { EditedSrtUpload } from './EditedSrtUpload';
import { AddLanguageButton, LanguageChips } from './LanguageChips';
import { FAILED_TEXTS, StatusCell } from './StatusCells';
import { SubtitleFormatsMenu } from './SubtitleFormatsMenu';
import { useLanguageDialogs } from './use-language-dialogs';
import { useVideoDownloads } from './video-downloads';
import {
  formatVideoDate,
  isProcessing,
  readingNotesOf,
  revisionsText,
  type VideoRowView,
} from './video-rows';
import classes from './videos.module.css';

/** What a cell says where a column does not apply (a video with its own subtitles has no plan). */
const NOT_APPLICABLE = '—';

function isCompliance(value: unknown): value is Compliance {
  return typeof value === 'object' && value !== null && 'shareWithinCap' in value && 'cueCount' in value;
}

/** The plan's name; for generated subtitles, what the plan achieved in a tooltip (issue: compliance figures). */
function ReadingSpeed({ video }: { video: VideoRowView }) {
  const name = planName(video.rso);
  if (!isCompliance(video.compliance)) return <>{name}</>;
  const summary = complianceSummary(video.compliance);
  return (
    <Tooltip label={summary} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Text
        size="sm"
        inherit
        tabIndex={0}
        td="underline"
        style={{ textDecorationStyle: 'dotted' }}
        aria-label={`${name}: ${summary}`}
      >
        {name}
      </Text>
    </Tooltip>
  );
}

interface Column {
  /**
   * The column label of PRODUCT.md §2; also the label each cell carries when rows become cards on small
   * screens.
   */
  label: string;
  render: (video: VideoRowView) => ReactNode;
  className?: string;
}

/**
 * The My Videos table of PRODUCT.md §2; on small screens the rows become stacked cards with the column
 * labels.
 */
export function VideosTable({
  videos,
  onRevisionStarted,
}: {
  videos: readonly VideoRowView[];
  /** An edited SRT was accepted for this video (the server set it back to polling). */
  onRevisionStarted: (videoId: number) => void;
}) {
  const downloads = useVideoDownloads();
  const languages = useLanguageDialogs(downloads);

  const columns: Column[] = [
    { label: 'Date', render: (video) => formatVideoDate(video.created_at), className: classes.nowrap },
    {
      label: 'File',
      className: classes.file,
      render: (video) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} inherit>
            {video.title || video.filename}
          </Text>
          {video.title && video.title !== video.filename && (
            <Text size="xs" c="dimmed">
              {video.filename}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      label: 'Reading Speed',
      render: (video) => (video.rso ? <ReadingSpeed video={video} /> : NOT_APPLICABLE),
    },
    { label: 'Input', render: (video) => languageName(video.in_lan) || NOT_APPLICABLE },
    // The video's own language and the languages added to it (issue 40).
    { label: 'Output', render: (video) => <LanguageChips video={video} actions={languages.actions} /> },
    {
      label: 'Download Hardcoded Video',
      render: (video) =>
        // Audio alone has no video to burn into (issue 22): not applicable, said in words to screen readers.
        video.hardcoded_status === 'not_applicable' ? (
          <Text size="sm" inherit title={AUDIO_ONLY_TEXTS.noVideo}>
            <span aria-hidden>{NOT_APPLICABLE}</span>
            <VisuallyHidden>{AUDIO_ONLY_TEXTS.noVideo}</VisuallyHidden>
          </Text>
        ) : (
          <StatusCell
            status={video.hardcoded_status}
            progress={video.hardcoded_progress}
            failureReason={video.failure_reason}
            what="hardcoded video"
            failedText={FAILED_TEXTS.hardcoded}
            downloadLabel={`Download hardcoded video of ${video.filename}`}
            downloading={downloads.busy === `hardcoded:${video.id}`}
            onDownload={() => void downloads.hardcoded(video)}
          />
        ),
    },
    {
      label: 'Download Generated SRT',
      // Every video's current SRT: generated, uploaded with a hardcode video, or the latest edit.
      render: (video) => (
        <Stack gap={4} align="flex-start">
          <StatusCell
            status={video.srt_status}
            progress={video.srt_progress}
            failureReason={video.failure_reason}
            what="SRT"
            failedText={FAILED_TEXTS.srt}
            downloadLabel={`Download SRT of ${video.filename}`}
            downloading={downloads.busy === `srt:${video.id}`}
            onDownload={() => void downloads.srt(video)}
          />
          {video.srt_status === 'completed' && (
            <SubtitleFormatsMenu
              of={video.title || video.filename}
              hasWordTimings={video.mode === 'generate'}
              busy={downloads.busy === `formats:${video.id}` || downloads.busy === `tracks:${video.id}`}
              onPick={(format) => void downloads.subtitles(video, format)}
              audioOnly={video.hardcoded_status === 'not_applicable'}
              onPickTracks={(format) => void downloads.tracks(video, format)}
              onPickZip={() => void downloads.zip(video)}
            />
          )}
          {downloads.busy === `tracks:${video.id}` && (
            <Group gap={4} wrap="nowrap" role="status">
              <Loader size="xs" />
              <Text size="xs">Making the file with subtitle tracks…</Text>
            </Group>
          )}
          {video.srt_status === 'completed' && (
            <Anchor component={Link} to={`/videos/${video.id}/edit`} size="sm">
              Edit subtitles
            </Anchor>
          )}
          <AddLanguageButton video={video} actions={languages.actions} />
        </Stack>
      ),
    },
    {
      label: 'Upload Edited SRT',
      // The notes of the file read last (the upload's or a revision's), as the upload form showed them.
      render: (video) => (
        <Stack gap="xs" align="stretch">
          <EditedSrtUpload video={video} onUploaded={onRevisionStarted} />
          <SubtitleNotes notes={readingNotesOf(video)} />
        </Stack>
      ),
    },
    { label: 'Uploads Used', render: (video) => revisionsText(video.revisions), className: classes.nowrap },
    // Beside PRODUCT.md §2's columns: the customer's own deletion (issue 24), and while the video is
    // processing, its cancellation (a video stuck behind a hostile file can be stopped and deleted).
    {
      label: 'Delete',
      render: (video) =>
        isProcessing(video) ? (
          <Group gap={4} wrap="nowrap">
            <CancelVideoButton video={video} />
            <DeleteVideoButton video={video} />
          </Group>
        ) : (
          <DeleteVideoButton video={video} />
        ),
    },
  ];

  return (
    <Table.ScrollContainer minWidth={0}>
      <Table className={classes.table} striped highlightOnHover verticalSpacing="sm" aria-label="My videos">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {videos.map((video) => (
            <Table.Tr key={video.id} data-video-id={video.id}>
              {columns.map((column) => (
                <Table.Td key={column.label} data-label={column.label} className={column.className}>
                  {column.render(video)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {languages.dialogs}
    </Table.ScrollContainer>
  );
}
