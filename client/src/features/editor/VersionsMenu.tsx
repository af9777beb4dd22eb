import { Button, Menu, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { inferRouterOutputs } from '@trpc/server';
import { memo, useState } from 'react';
import type { AppRouter } from '../../../../server/app/trpc-router';
import type { OutputLanguage } from '../../../../shared/languages';
import { type DiffPart, diffWords } from '../../../../shared/subtitles/editor';
import { parseSrt } from '../../../../shared/subtitles/srt-parse';
import { formatDateTime } from '../../lib/dates';
import { useTRPCClient } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import classes from './editor.module.css';

type Versions = inferRouterOutputs<AppRouter>['editor']['open']['versions'];

/** The cues' words in order, for comparing versions. */
const wordsOf = (srt: string) =>
  parseSrt(srt)
    .map((cue) => cue.text)
    .join(' ');

function DiffView({ parts }: { parts: readonly DiffPart[] }) {
  if (parts.every((part) => part.kind === 'same')) return <Text size="sm">No words differ.</Text>;
  return (
    <Text size="sm" className={classes.diff}>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <span key={index}>{part.text} </span>
        ) : part.kind === 'added' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <ins key={index}>{part.text} </ins>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <del key={index}>{part.text} </del>
        ),
      )}
    </Text>
  );
}

export interface VersionsMenuProps {
  videoId: number;
  /** The added language whose versions these are (issue 40); absent for the video's own. */
  language?: OutputLanguage;
  versions: Versions;
  /** The text being edited now, to compare a version with (read when asked: stable while typing). */
  current: () => string;
  onStartFrom: (srt: string) => void;
}

/** Every saved version: start a new draft from one, or compare one with the text being edited. */
export const VersionsMenu = memo(function VersionsMenu({
  videoId,
  language,
  versions,
  current,
  onStartFrom,
}: VersionsMenuProps) {
  const client = useTRPCClient();
  const [comparing, setComparing] = useState<{ title: string; parts: DiffPart[] } | null>(null);
  const load = async (versionId: number) => {
    try {
      return (
        await client.editor.version.query({ id: videoId, versionId, ...(language ? { language } : {}) })
      ).srt;
    } catch (error) {
      notifications.show({ color: 'red', message: serverMessage(error, 'That version could not be loaded') });
      return null;
    }
  };
  const describe = (entry: Versions[number]) =>
    `Version ${entry.version + 1}: ${entry.origin}, ${formatDateTime(entry.createdAt)}${entry.author ? `, ${entry.author}` : ''}`;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default">
            Versions ({versions.length})
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Start a new draft from</Menu.Label>
          {versions.map((entry) => (
            <Menu.Item
              key={`start-${entry.id}`}
              onClick={async () => {
                const srt = await load(entry.id);
                if (srt !== null) onStartFrom(srt);
              }}
            >
              {describe(entry)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Label>Compare with the text being edited</Menu.Label>
          {versions.map((entry) => (
            <Menu.Item
              key={`compare-${entry.id}`}
              onClick={async () => {
                const srt = await load(entry.id);
                if (srt !== null)
                  setComparing({ title: describe(entry), parts: diffWords(wordsOf(srt), current()) });
              }}
            >
              Compare: version {entry.version + 1}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={comparing !== null}
        onClose={() => setComparing(null)}
        title={comparing ? `${comparing.title} → now` : ''}
        size="lg"
      >
        {comparing && <DiffView parts={comparing.parts} />}
      </Modal>
    </>
  );
});
