import {
  Alert,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  LoadingOverlay,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { Link } from 'react-router';
import { VIDEOS_PAGE_SIZE } from '../../../../shared/limits';
import { VIDEO_TEXTS } from '../../../../shared/schemas/videos';
import { hasCompany, useSession } from '../../lib/session';
import { Pagination } from '../../ui/Pagination';
import { Screen } from '../../ui/Screen';
import { NotifyWhenReadyButton } from './NotifyWhenReadyButton';
import { useStatusSounds } from './status-sound-player';
import { useVideosPage } from './use-videos-page';
import { VideosInfo } from './VideosInfo';
import { VideosTable } from './VideosTable';

function SearchBox({
  value,
  onChange,
  onClear,
}: {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
}) {
  return (
    <TextInput
      type="search"
      aria-label="Search videos"
      placeholder={VIDEO_TEXTS.searchPlaceholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={onClear} /> : null}
      w={{ base: '100%', xs: 320 }}
    />
  );
}

/** /videos: the company's videos with live status, downloads and edited-SRT revisions. */
export function VideosScreen() {
  const session = useSession();
  const list = useVideosPage();
  useStatusSounds(list.videos);
  const newestFirst = list.sort === 'desc';

  return (
    <Screen title="My Videos">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap" style={{ flexGrow: 1 }}>
          <SearchBox value={list.searchText} onChange={list.changeSearchText} onClear={list.clearSearch} />
          <Button
            variant="default"
            onClick={list.toggleSort}
            leftSection={
              newestFirst ? (
                <IconSortDescending size={18} aria-hidden />
              ) : (
                <IconSortAscending size={18} aria-hidden />
              )
            }
            aria-label={
              newestFirst
                ? 'Sorted newest first; sort oldest first'
                : 'Sorted oldest first; sort newest first'
            }
          >
            {newestFirst ? 'Newest first' : 'Oldest first'}
          </Button>
          {list.initialSpinner && <Loader size="sm" role="status" aria-label="Loading videos" />}
          <NotifyWhenReadyButton />
        </Group>
        <Button component={Link} to="/" variant="light">
          Upload a video
        </Button>
      </Group>

      {!hasCompany(session.company) && (
        <Alert color="yellow" variant="light" role="status">
          {VIDEO_TEXTS.noCompany}
        </Alert>
      )}

      <Box pos="relative" mih={120}>
        {list.isError ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Your videos could not be loaded.</Text>
              <Button size="xs" variant="light" color="red" onClick={list.retry}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          list.videos &&
          list.videos.length > 0 && (
            <VideosTable videos={list.videos} onRevisionStarted={list.revisionStarted} />
          )
        )}
      </Box>
      {list.videos && (
        <Pagination
          type="Videos"
          total={list.total}
          page={list.page}
          pageSize={VIDEOS_PAGE_SIZE}
          onPageChange={list.setPage}
        />
      )}
      <VideosInfo />
      <LoadingOverlay
        visible={list.pageLoading}
        pos="fixed"
        zIndex={1000}
        loaderProps={{ 'aria-label': 'Loading page' }}
      />
    </Screen>
  );
}
