import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Kbd,
  Menu,
  Modal,
  NumberInput,
  Popover,
  Slider,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowForwardUp, IconKeyboard } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import type { AppRouter } from '../../../../server/trpc/router';
import { downloadName } from '../../../../shared/file-names';
import { cuesToAss } from '../../../../shared/subtitles/ass';
import {
  cueProblems,
  cuesFromDoc,
  type DiffPart,
  deleteCue,
  diffWords,
  docFromCues,
  findReplace,
  insertCue,
  mergeWithNext,
  nextProblem,
  problemSummary,
  type RuleId,
  reflowCue,
  setTiming,
  shiftCues,
  splitCue,
  updateText,
} from '../../../../shared/subtitles/editor';
import { languageProfile } from '../../../../shared/subtitles/language-profile';
import { providePhraseLibrary } from '../../../../shared/subtitles/phrase-segmentation';
import { parseSrt } from '../../../../shared/subtitles/srt-parse';
import { writeSrt } from '../../../../shared/subtitles/srt-write';
import { saveTextFile } from '../../lib/save-text';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { SubtitleFormatsMenu } from '../videos/SubtitleFormatsMenu';
import { CueRow } from './CueRow';
import { useDraftExport } from './draft-export';
import classes from './editor.module.css';
import { SubtitlePreview } from './SubtitlePreview';
import { actionFor, SHORTCUTS } from './shortcuts';
import { type DraftStatus, useDraftAutosave } from './use-draft-autosave';
import { useEditorHistory } from './use-editor-history';
import { Waveform } from './Waveform';

type Outputs = inferRouterOutputs<AppRouter>['editor'];
type Session = Outputs['open'];
type Peaks = Outputs['peaks'];

const RULE_LABELS: Record<RuleId, string> = {
  cps: 'Reading speed',
  lineLength: 'Line length',
  lineCount: 'Lines',
  minDuration: 'Too short',
  maxDuration: 'Too long',
  overlap: 'Overlap',
  gap: 'Gap',
};

const STATUS_TEXT: Record<DraftStatus, string> = {
  saved: 'Draft saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Changed elsewhere',
  failed: 'Not saved',
};

const NO_PROBLEMS: readonly string[] = [];
const DEFAULT_FPS = 25;

function isTextField(target: EventTarget | null) {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

export interface EditorWorkspaceProps {
  videoId: number;
  session: Session;
  peaks: Peaks | null;
}

/** The editor itself: the preview, the waveform and the cue list around one document. */
export function EditorWorkspace({ videoId, session, peaks }: EditorWorkspaceProps) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { video } = session;
  const initial = useMemo(
    () =>
      docFromCues(session.draft ? session.draft.cues : session.latest ? parseSrt(session.latest.srt) : []),
    [session],
  );
  const { doc, change, undo, redo, replace, canUndo, canRedo } = useEditorHistory(initial);
  const autosave = useDraftAutosave(videoId, doc, {
    revision: session.draft?.revision ?? 0,
    baseVersion: session.draft?.baseVersion ?? session.latest?.version,
  });
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(initial[0]?.id ?? null);
  const cursor = useRef<{ id: string; index: number } | null>(null);
  const [zoom, setZoom] = useState(60);
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const fps = video.fps || DEFAULT_FPS;
  const draftExport = useDraftExport(video);

  const rules = useMemo(() => ({ plan: video.plan, language: video.language, fps }), [video, fps]);
  const problems = useMemo(() => cueProblems(doc, rules), [doc, rules]);
  const summary = useMemo(() => problemSummary(problems), [problems]);
  const problemCount = useMemo(
    () => [...problems.values()].reduce((sum, list) => sum + list.length, 0),
    [problems],
  );
  const ass = useMemo(
    () => cuesToAss(cuesFromDoc(doc), { width: video.width, height: video.height, language: video.language }),
    [doc, video],
  );

  const playhead = () => Math.round((media?.currentTime ?? 0) * 1000);
  const seek = useCallback(
    (ms: number) => {
      if (media) media.currentTime = Math.max(0, ms / 1000);
    },
    [media],
  );
  const select = useCallback(
    (id: string, options: { seek?: boolean; focus?: boolean } = {}) => {
      setSelectedId(id);
      const cue = doc.find((candidate) => candidate.id === id);
      if (cue && options.seek) seek(cue.startMs);
      const row = listRef.current?.querySelector<HTMLElement>(`[data-cue-id="${id}"]`);
      row?.scrollIntoView({ block: 'nearest' });
      if (options.focus) row?.querySelector('textarea')?.focus();
    },
    [doc, seek],
  );

  // Stable handlers, so a row redraws only when its own cue changes.
  const onSelect = useCallback((id: string) => setSelectedId(id), []);
  const onText = useCallback(
    (id: string, text: string, index: number) => {
      cursor.current = { id, index };
      change((current) => updateText(current, id, text), `text:${id}`);
    },
    [change],
  );
  const onTiming = useCallback(
    (id: string, timing: { startMs?: number; endMs?: number }) =>
      change((current) => setTiming(current, id, timing)),
    [change],
  );
  const onCursor = useCallback((id: string, index: number) => {
    cursor.current = { id, index };
  }, []);

  const selected = selectedId;
  const split = () => {
    if (!selected) return;
    const at = cursor.current?.id === selected ? { charIndex: cursor.current.index } : { ms: playhead() };
    change((current) => splitCue(current, selected, at));
  };
  const merge = () => selected && change((current) => mergeWithNext(current, selected));
  const insert = () => change((current) => insertCue(current, selected, playhead()));
  const remove = () => {
    if (!selected) return;
    const index = doc.findIndex((cue) => cue.id === selected);
    change((current) => deleteCue(current, selected));
    setSelectedId(doc[index + 1]?.id ?? doc[index - 1]?.id ?? null);
  };
  const reflow = async () => {
    if (!selected) return;
    // Chinese, Japanese and Thai break lines at phrases: budoux loads with the first such reflow.
    if (languageProfile(video.language).phraseModel) providePhraseLibrary(await import('budoux'));
    change((current) =>
      reflowCue(current, selected, { plan: video.plan ?? 'full-text', language: video.language }),
    );
  };
  const moveSelection = (step: number) => {
    const index = doc.findIndex((cue) => cue.id === selected);
    const next = doc[Math.min(doc.length - 1, Math.max(0, index + step))];
    if (next) select(next.id, { seek: true, focus: true });
  };
  const goToNextProblem = () => {
    const id = nextProblem(doc, problems, selected);
    if (id) select(id, { seek: true, focus: true });
  };

  const saveAndBurnIn = useMutation(
    trpc.editor.saveAndBurnIn.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: 'Subtitles saved; the video is being burned in again.',
        });
        navigate('/videos');
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: serverMessage(error, 'The subtitles could not be saved'),
        }),
    }),
  );
  const burnIn = async () => {
    setConfirmOpen(false);
    if (!(await autosave.saveNow())) return;
    saveAndBurnIn.mutate({ id: videoId, revision: autosave.revision() });
  };

  // Shortcuts: one handler for the whole editor (shortcuts.ts).
  const handlers = useRef<Record<string, () => void>>({});
  handlers.current = {
    playPause: () => (media?.paused ? void media.play() : media?.pause()),
    back1s: () => seek(playhead() - 1000),
    forward1s: () => seek(playhead() + 1000),
    backFrame: () => seek(playhead() - 1000 / fps),
    forwardFrame: () => seek(playhead() + 1000 / fps),
    setStart: () => selected && onTiming(selected, { startMs: playhead() }),
    setEnd: () => selected && onTiming(selected, { endMs: playhead() }),
    split,
    merge,
    nextCue: () => moveSelection(1),
    previousCue: () => moveSelection(-1),
    undo,
    redo,
    save: () => void autosave.saveNow(),
    help: () => setHelpOpen(true),
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = actionFor(event, isTextField(event.target));
      if (!action) return;
      event.preventDefault();
      handlers.current[action]?.();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Playback highlights the cue under the playhead and keeps it in view.
  useEffect(() => {
    if (!media) return;
    const follow = () => {
      if (media.paused) return;
      const now = media.currentTime * 1000;
      const playing = doc.find((cue) => cue.startMs <= now && now < cue.endMs);
      if (playing && playing.id !== selectedId) {
        setSelectedId(playing.id);
        listRef.current?.querySelector(`[data-cue-id="${playing.id}"]`)?.scrollIntoView({ block: 'nearest' });
      }
    };
    media.addEventListener('timeupdate', follow);
    return () => media.removeEventListener('timeupdate', follow);
  }, [media, doc, selectedId]);

  // Leaving for another screen with changes not yet on the server asks first (a closed tab: beforeunload).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      autosave.status !== 'saved' && currentLocation.pathname !== nextLocation.pathname,
  );

  const revisionsLeft = session.revisions.max - session.revisions.used;
  const usedUp = revisionsLeft <= 0;

  return (
    <Stack gap="xs" className={classes.workspace}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text fw={600}>{video.title || video.filename}</Text>
          <Badge
            variant="light"
            color={
              autosave.status === 'saved'
                ? 'gray'
                : autosave.status === 'conflict' || autosave.status === 'failed'
                  ? 'red'
                  : 'blue'
            }
            role="status"
          >
            {autosave.status === 'saved' && !autosave.savedAt && !session.draft
              ? 'No changes yet'
              : STATUS_TEXT[autosave.status]}
          </Badge>
        </Group>
        <Group gap="xs">
          <VersionsMenu
            videoId={videoId}
            versions={session.versions}
            current={() => doc.map((cue) => cue.text).join(' ')}
            onStartFrom={(srt) => replace(docFromCues(parseSrt(srt)))}
          />
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              saveTextFile(writeSrt(cuesFromDoc(doc)), downloadName(video.filename, '.srt', 'subtitles'))
            }
          >
            Download SRT
          </Button>
          <SubtitleFormatsMenu
            of={video.title || video.filename}
            // Generated subtitles have a reading-speed plan; a user's own SRT has none, nor word timings.
            hasWordTimings={video.plan !== null}
            busy={draftExport.busy}
            onPick={(format) => void draftExport.exportAs(format, cuesFromDoc(doc))}
          />
          <Tooltip
            label={
              usedUp
                ? 'Both free revisions are used: this video cannot be burned in again.'
                : `This uses 1 of your ${session.revisions.max} free revisions`
            }
          >
            <Button
              size="xs"
              disabled={usedUp}
              loading={saveAndBurnIn.isPending}
              onClick={() => setConfirmOpen(true)}
            >
              Save and burn in
            </Button>
          </Tooltip>
          <ActionIcon variant="default" aria-label="Keyboard shortcuts" onClick={() => setHelpOpen(true)}>
            <IconKeyboard size={16} />
          </ActionIcon>
        </Group>
      </Group>

      {autosave.status === 'conflict' && (
        <Alert color="red" role="alert" title="Changed in another tab or browser">
          <Group gap="sm">
            <Text size="sm">
              These subtitles were saved somewhere else since you opened them. Reload to see that version;
              your changes here are not saved.
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Group>
        </Alert>
      )}

      <div className={classes.columns}>
        <Stack gap="xs" className={classes.mediaColumn}>
          {session.mediaUrl ? (
            <SubtitlePreview
              ref={setMedia}
              src={session.mediaUrl}
              ass={ass}
              language={video.language}
              label={`${video.title || video.filename}, with the subtitles being edited`}
            />
          ) : (
            <Alert color="yellow">The video file is not available; the subtitles can still be edited.</Alert>
          )}
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => handlers.current.playPause?.()}>
              Play / pause
            </Button>
            <Text size="xs" c="dimmed">
              Zoom
            </Text>
            <Slider
              className={classes.zoom}
              min={10}
              max={400}
              value={zoom}
              onChange={setZoom}
              label={(value) => `${value} px/s`}
              aria-label="Zoom"
            />
          </Group>
          {peaks ? (
            <Waveform
              media={media}
              peaks={peaks.peaks}
              durationSeconds={video.durationSeconds}
              cues={doc}
              selectedId={selectedId}
              zoom={zoom}
              onTiming={onTiming}
              onSelect={(id) => select(id, { seek: true })}
            />
          ) : (
            <Text size="xs" c="dimmed">
              Drawing the waveform…
            </Text>
          )}
        </Stack>

        <Stack gap={6} className={classes.listColumn}>
          <Group gap={4} wrap="wrap">
            <Tooltip label="Undo (Ctrl+Z)">
              <ActionIcon variant="default" aria-label="Undo" disabled={!canUndo} onClick={undo}>
                <IconArrowBackUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Redo (Ctrl+Shift+Z)">
              <ActionIcon variant="default" aria-label="Redo" disabled={!canRedo} onClick={redo}>
                <IconArrowForwardUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Button size="compact-xs" variant="default" onClick={split} disabled={!selected}>
              Split
            </Button>
            <Button size="compact-xs" variant="default" onClick={merge} disabled={!selected}>
              Merge
            </Button>
            <Button size="compact-xs" variant="default" onClick={insert}>
              Insert
            </Button>
            <Button size="compact-xs" variant="default" onClick={remove} disabled={!selected}>
              Delete
            </Button>
            <Tooltip label="Break the selected cue’s lines again by the language’s rules">
              <Button size="compact-xs" variant="default" onClick={() => void reflow()} disabled={!selected}>
                Reflow
              </Button>
            </Tooltip>
            <ShiftPopover
              onShift={(offsetMs, onlySelected) =>
                change((current) =>
                  shiftCues(current, offsetMs, onlySelected && selected ? [selected] : undefined),
                )
              }
            />
            <FindReplacePopover
              onReplace={(find, replacement) => {
                let count = 0;
                change((current) => {
                  const result = findReplace(current, find, replacement);
                  count = result.count;
                  return result.doc;
                });
                return count;
              }}
            />
          </Group>
          <Group gap={6} wrap="wrap">
            <Text size="xs" aria-live="polite" role="status">
              {problemCount === 0
                ? 'No rule problems'
                : `${problemCount} rule problem${problemCount === 1 ? '' : 's'}`}
            </Text>
            {(Object.keys(summary) as RuleId[])
              .filter((rule) => summary[rule] > 0)
              .map((rule) => (
                <Badge key={rule} size="xs" color="orange" variant="light">
                  {RULE_LABELS[rule]}: {summary[rule]}
                </Badge>
              ))}
            {problemCount > 0 && (
              <Button size="compact-xs" variant="subtle" onClick={goToNextProblem}>
                Next problem
              </Button>
            )}
          </Group>
          <ul ref={listRef} className={classes.cues} aria-label="Cues">
            {doc.map((cue, index) => (
              <CueRow
                key={cue.id}
                cue={cue}
                number={index + 1}
                problems={problems.get(cue.id)?.map((problem) => problem.message) ?? NO_PROBLEMS}
                selected={cue.id === selectedId}
                onSelect={onSelect}
                onText={onText}
                onTiming={onTiming}
                onCursor={onCursor}
              />
            ))}
          </ul>
        </Stack>
      </div>

      <Modal opened={confirmOpen} onClose={() => setConfirmOpen(false)} title="Save and burn in">
        <Stack gap="sm">
          <Text size="sm">
            This uses 1 of your {session.revisions.max} free revisions ({revisionsLeft} left). The subtitles
            become a new version and the video is burned in again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => void burnIn()}>Save and burn in</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave the editor?">
        <Stack gap="sm">
          <Text size="sm">Your last changes are not saved yet.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button
              onClick={async () => {
                if (await autosave.saveNow()) blocker.proceed?.();
              }}
            >
              Save and leave
            </Button>
            <Button color="red" variant="light" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={helpOpen} onClose={() => setHelpOpen(false)} title="Keyboard shortcuts">
        <Table>
          <Table.Tbody>
            {SHORTCUTS.map((shortcut) => (
              <Table.Tr key={shortcut.action}>
                <Table.Td>
                  <Kbd>{shortcut.keys}</Kbd>
                </Table.Td>
                <Table.Td>{shortcut.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
      <Text size="xs" c="dimmed">
        Drafts save by themselves; press <Kbd>?</Kbd> outside a text field for the keyboard shortcuts.
      </Text>
    </Stack>
  );
}

function ShiftPopover({ onShift }: { onShift: (offsetMs: number, onlySelected: boolean) => void }) {
  const [seconds, setSeconds] = useState<number | string>(0.5);
  const [onlySelected, setOnlySelected] = useState(false);
  return (
    <Popover position="bottom" withArrow trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="default">
          Shift
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <NumberInput
            label="Shift by (seconds, − for earlier)"
            value={seconds}
            onChange={setSeconds}
            step={0.1}
            decimalScale={3}
            size="xs"
          />
          <Checkbox
            label="Only the selected cue"
            checked={onlySelected}
            onChange={(event) => setOnlySelected(event.currentTarget.checked)}
            size="xs"
          />
          <Button size="xs" onClick={() => onShift(Math.round(Number(seconds) * 1000), onlySelected)}>
            Shift cues
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function FindReplacePopover({ onReplace }: { onReplace: (find: string, replacement: string) => number }) {
  const [find, setFind] = useState('');
  const [replacement, setReplacement] = useState('');
  const [result, setResult] = useState<string | null>(null);
  return (
    <Popover position="bottom" withArrow trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="default">
          Find and replace
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label="Find"
            value={find}
            onChange={(event) => setFind(event.currentTarget.value)}
            size="xs"
          />
          <TextInput
            label="Replace with"
            value={replacement}
            onChange={(event) => setReplacement(event.currentTarget.value)}
            size="xs"
          />
          <Button
            size="xs"
            disabled={find === ''}
            onClick={() => setResult(`${onReplace(find, replacement)} replaced`)}
          >
            Replace all
          </Button>
          {result && (
            <Text size="xs" role="status">
              {result}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

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

function VersionsMenu({
  videoId,
  versions,
  current,
  onStartFrom,
}: {
  videoId: number;
  versions: Session['versions'];
  /** The text being edited now, to compare a version with. */
  current: () => string;
  onStartFrom: (srt: string) => void;
}) {
  const client = useTRPCClient();
  const [comparing, setComparing] = useState<{ title: string; parts: DiffPart[] } | null>(null);
  const load = async (versionId: number) => {
    try {
      return (await client.editor.version.query({ id: videoId, versionId })).srt;
    } catch (error) {
      notifications.show({ color: 'red', message: serverMessage(error, 'That version could not be loaded') });
      return null;
    }
  };
  const describe = (entry: Session['versions'][number]) =>
    `Version ${entry.version + 1}: ${entry.origin}, ${new Date(entry.createdAt).toLocaleString()}${entry.author ? `, ${entry.author}` : ''}`;
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
}
