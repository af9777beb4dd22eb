import { Alert, Button, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { srtDownloadName } from '../../../../shared/file-names';
import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import type { SubtitleFormat } from '../../../../shared/schemas/exports';
import type { SoftSubtitleFormat } from '../../../../shared/schemas/soft-subtitles';
import { cuesToAss } from '../../../../shared/subtitles/ass';
import {
  cueProblems,
  cuesFromDoc,
  deleteCue,
  docFromCues,
  insertCue,
  mergeWithNext,
  nextProblem,
  OWN_SUBTITLES_CPS,
  readingSpeedLimit,
  reflowCue,
  shiftCues,
  splitCue,
  updateText,
} from '../../../../shared/subtitles/editor';
import { languageProfile } from '../../../../shared/subtitles/language-profile';
import { providePhraseLibrary } from '../../../../shared/subtitles/phrase-segmentation';
import { cueLanguage } from '../../../../shared/subtitles/scripts';
import { parseSrt } from '../../../../shared/subtitles/srt-parse';
import { writeSrt } from '../../../../shared/subtitles/srt-write';
import { resolveStyle, type StyleChoice, styleInWords } from '../../../../shared/subtitles/subtitle-style';
import { saveTextFile } from '../../lib/save-text';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { EditorStyleSelect } from '../subtitle-styles/EditorStyleSelect';
import { useCompanyStyle } from '../subtitle-styles/use-company-style';
import { useVideoDownloads } from '../videos/video-downloads';
import { CueAnnouncer } from './CueAnnouncer';
import { CueComments } from './CueComments';
import { CueList, type CueListHandle } from './CueList';
import { useDraftExport } from './draft-export';
import { EditorHeader, saveButtonLabel } from './EditorHeader';
import { EditorMedia } from './EditorMedia';
import { EditorToolbar, type ToolbarAction } from './EditorToolbar';
import classes from './editor.module.css';
import { OwnReadingSpeed } from './OwnReadingSpeed';
import { ProblemSummary } from './ProblemSummary';
import { useReburnPurchase } from './ReburnPurchase';
import { ShortcutSheet } from './ShortcutSheet';
import { actionFor, type EditorAction } from './shortcuts';
import { useCueFormatting } from './use-cue-formatting';
import { useCueTiming } from './use-cue-timing';
import { type DraftStatus, useDraftAutosave } from './use-draft-autosave';
import { useEditorHistory } from './use-editor-history';
import { useFindReplace } from './use-find-replace';
import { useProblemMessages, useProblemSummary } from './use-problem-messages';
import { useShotChanges } from './use-shot-changes';

type Outputs = inferRouterOutputs<AppRouter>['editor'];
type Session = Outputs['open'];
type Peaks = Outputs['peaks'];

const STATUS_TEXT: Record<DraftStatus, string> = {
  saved: 'Draft saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Changed elsewhere',
  failed: 'Not saved',
};

const STATUS_COLOR: Record<DraftStatus, string> = {
  saved: 'gray',
  unsaved: 'blue',
  saving: 'blue',
  conflict: 'red',
  failed: 'red',
};

const DEFAULT_FPS = 25;
/**
 * The preview's ASS script (about 2 ms to write for 600 cues, then handed to libass) and the
 * waveform's regions follow the document once typing pauses this long, not on every keystroke.
 */
const PREVIEW_DELAY_MS = 100;

function isTextField(target: EventTarget | null) {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

export interface EditorWorkspaceProps {
  videoId: number;
  session: Session;
  peaks: Peaks | null;
  /** An added language's subtitles (issue 40, `?language=`); absent for the video's own. */
  language?: OutputLanguage;
  /** The "Subtitle language" switcher, drawn in the header (EditorScreen.tsx). */
  languageSwitcher?: ReactNode;
}

/**
 * The editor itself: the preview, the waveform and the cue list around one document.
 *
 * A keystroke must redraw its own cue and nothing else within one frame: the rows are memoized, the
 * parts around them get only stable props (handlers read the latest document through refs), and the
 * preview and the waveform follow the document once typing pauses.
 */
export function EditorWorkspace({
  videoId,
  session,
  peaks,
  language,
  languageSwitcher,
}: EditorWorkspaceProps) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { video } = session;
  // An added language's draft becomes its new version: no revision, no burn-in, no style.
  const addedLanguage = session.subtitles.own ? undefined : OUTPUT_LANGUAGES[video.language];
  const ofLanguage = language && addedLanguage ? { language } : {};
  const initial = useMemo(
    () =>
      docFromCues(session.draft ? session.draft.cues : session.latest ? parseSrt(session.latest.srt) : []),
    [session],
  );
  const { doc, change, undo, redo, replace, canUndo, canRedo } = useEditorHistory(initial);
  const latestDoc = useRef(doc);
  latestDoc.current = doc;
  const autosave = useDraftAutosave(videoId, doc, {
    revision: session.draft?.revision ?? 0,
    baseVersion: session.draft?.baseVersion ?? session.latest?.version,
    ...ofLanguage,
  });
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(initial[0]?.id ?? null);
  const latestSelected = useRef(selectedId);
  latestSelected.current = selectedId;
  const cursor = useRef<{ id: string; index: number } | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [findOpened, setFindOpened] = useState(false);
  const list = useRef<CueListHandle>(null);
  const fps = video.fps || DEFAULT_FPS;
  const shotChangesMs = useShotChanges(videoId);
  const timing = useCueTiming(latestDoc, change, fps, shotChangesMs);
  const { onTiming } = timing;

  // A user's own subtitles have no plan: they are held to a reading speed chosen here.
  const [ownCps, setOwnCps] = useState(OWN_SUBTITLES_CPS);
  const rules = useMemo(
    () => ({ plan: video.plan, ownCps, language: video.language, fps, shotChangesMs }),
    [video, ownCps, fps, shotChangesMs],
  );
  const capCps = readingSpeedLimit(rules);
  // O(n) with each cue's own checks cached: after a keystroke only the typed cue is measured again.
  const problems = useMemo(() => cueProblems(doc, rules), [doc, rules]);
  const problemMessages = useProblemMessages(problems);
  const summary = useProblemSummary(problems);
  const [previewDoc] = useDebouncedValue(doc, PREVIEW_DELAY_MS);
  const [style, setStyle] = useState<StyleChoice>(video.style);
  const restyled = style !== video.style;
  const company = useCompanyStyle();
  // The video's own copy while it keeps its style; the company's current one when chosen anew.
  const custom = restyled ? company.custom : (video.customStyle ?? company.custom);
  const look = useMemo(() => resolveStyle(style, custom), [style, custom]);
  const ass = useMemo(
    () =>
      cuesToAss(cuesFromDoc(previewDoc), {
        width: video.width,
        height: video.height,
        language: video.language,
        style: look,
      }),
    [previewDoc, video, look],
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
      const cue = latestDoc.current.find((candidate) => candidate.id === id);
      if (cue && options.seek) seek(cue.startMs);
      list.current?.reveal(id, { focus: options.focus });
    },
    [seek],
  );

  // Stable handlers, so a row redraws only when its own cue changes.
  const onSelect = useCallback((id: string) => setSelectedId(id), []);
  const onPick = useCallback((id: string) => select(id, { seek: true }), [select]);
  const onText = useCallback(
    (id: string, text: string, index: number) => {
      cursor.current = { id, index };
      change((current) => updateText(current, id, text), `text:${id}`);
    },
    [change],
  );
  const onCursor = useCallback((id: string, index: number) => {
    cursor.current = { id, index };
  }, []);
  const onShift = useCallback(
    (offsetMs: number, onlySelected: boolean) => {
      const only = onlySelected && latestSelected.current ? [latestSelected.current] : undefined;
      change((current) => shiftCues(current, offsetMs, only));
    },
    [change],
  );
  const formatting = useCueFormatting(change, latestSelected);
  const finder = useFindReplace({
    change,
    latestDoc,
    latestSelected,
    select,
    opened: findOpened,
    onOpened: setFindOpened,
  });

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
    const text = doc.find((cue) => cue.id === selected)?.text ?? '';
    if (languageProfile(cueLanguage(text, video.language)).phraseModel)
      providePhraseLibrary(await import('budoux'));
    change((current) =>
      reflowCue(current, selected, { plan: video.plan ?? 'full-text', language: video.language }),
    );
  };
  const nudge = (edge: 'startMs' | 'endMs', frames: number) =>
    selected && timing.nudge(selected, edge, frames);
  const moveSelection = (step: number) => {
    const index = doc.findIndex((cue) => cue.id === selected);
    const next = doc[Math.min(doc.length - 1, Math.max(0, index + step))];
    if (next) select(next.id, { seek: true, focus: true });
  };

  const saveAndBurnIn = useMutation(
    trpc.editor.saveAndBurnIn.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message:
            video.audioOnly || addedLanguage
              ? 'Subtitles saved as a new version.'
              : 'Subtitles saved; the video is being burned in again.',
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
  const restyle = useMutation(
    trpc.subtitleStyles.restyleVideo.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: 'The video is being burned in again in the new style.',
        });
        navigate('/videos');
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: serverMessage(error, 'The style could not be changed') }),
    }),
  );
  const burnIn = async () => {
    setConfirmOpen(false);
    if (!(await autosave.saveNow())) return;
    // Only the style changed (no draft to save): the same subtitles are burned in again in it.
    if (autosave.revision() === 0 && restyled) restyle.mutate({ id: videoId, style });
    else
      saveAndBurnIn.mutate({
        id: videoId,
        revision: autosave.revision(),
        ...ofLanguage,
        ...(restyled ? { style } : {}),
      });
  };

  // Every action, for the shortcuts (shortcuts.ts) and the stable callbacks below; rebuilt each
  // render, so it always sees the latest document and selection.
  const actions: Record<EditorAction | ToolbarAction | 'nextProblem', () => void> = {
    playPause: () => (media?.paused ? void media.play() : media?.pause()),
    back1s: () => seek(playhead() - 1000),
    forward1s: () => seek(playhead() + 1000),
    backFrame: () => seek(playhead() - 1000 / fps),
    forwardFrame: () => seek(playhead() + 1000 / fps),
    setStart: () => selected && timing.fromPlayhead(selected, 'startMs', playhead()),
    setEnd: () => selected && timing.fromPlayhead(selected, 'endMs', playhead()),
    startEarlier: () => nudge('startMs', -1),
    startLater: () => nudge('startMs', 1),
    endEarlier: () => nudge('endMs', -1),
    endLater: () => nudge('endMs', 1),
    split,
    merge,
    insert,
    remove,
    reflow: () => void reflow(),
    nextCue: () => moveSelection(1),
    previousCue: () => moveSelection(-1),
    nextProblem: () => {
      const id = nextProblem(doc, problems, selected);
      if (id) select(id, { seek: true, focus: true });
    },
    undo,
    redo,
    find: () => setFindOpened(true),
    findNext: () => finder.next(1),
    findPrevious: () => finder.next(-1),
    italic: formatting.italic,
    bold: formatting.bold,
    underline: formatting.underline,
    save: () => void autosave.saveNow(),
    help: () => setHelpOpen(true),
  };
  const handlers = useRef(actions);
  handlers.current = actions;
  const onAction = useCallback((action: ToolbarAction) => handlers.current[action](), []);
  const onNextProblem = useCallback(() => handlers.current.nextProblem(), []);
  const onPlayPause = useCallback(() => handlers.current.playPause(), []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = actionFor(event, isTextField(event.target));
      if (!action) return;
      event.preventDefault();
      handlers.current[action]();
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
      const playing = latestDoc.current.find((cue) => cue.startMs <= now && now < cue.endMs);
      if (playing && playing.id !== latestSelected.current) {
        setSelectedId(playing.id);
        list.current?.reveal(playing.id);
      }
    };
    media.addEventListener('timeupdate', follow);
    return () => media.removeEventListener('timeupdate', follow);
  }, [media]);

  // Leaving for another screen with changes not yet on the server saves them first, and asks only
  // when they could not be saved (a closed tab: beforeunload).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      autosave.status !== 'saved' && currentLocation.pathname !== nextLocation.pathname,
  );
  const [leaveUnsaved, setLeaveUnsaved] = useState(false);
  const saveBeforeLeaving = useRef(autosave.saveNow);
  saveBeforeLeaving.current = autosave.saveNow;
  useEffect(() => {
    if (blocker.state !== 'blocked') return setLeaveUnsaved(false);
    void saveBeforeLeaving.current().then((saved) => (saved ? blocker.proceed?.() : setLeaveUnsaved(true)));
  }, [blocker]);

  const status = useMemo(
    () => ({
      label:
        autosave.status === 'saved' && !autosave.savedAt && !session.draft
          ? 'No changes yet'
          : STATUS_TEXT[autosave.status],
      color: STATUS_COLOR[autosave.status],
    }),
    [autosave.status, autosave.savedAt, session.draft],
  );
  const currentText = useCallback(() => latestDoc.current.map((cue) => cue.text).join(' '), []);
  const onStartFrom = useCallback((srt: string) => replace(docFromCues(parseSrt(srt))), [replace]);
  const onDownloadSrt = useCallback(
    () =>
      // Named as every other download of the video is: after its title (issue 35).
      saveTextFile(writeSrt(cuesFromDoc(latestDoc.current)), srtDownloadName(video)),
    [video],
  );
  const draftExport = useDraftExport(video);
  const exportAs = useRef(draftExport.exportAs);
  exportAs.current = draftExport.exportAs;
  const onExport = useCallback(
    (format: SubtitleFormat) => void exportAs.current(format, cuesFromDoc(latestDoc.current)),
    [],
  );
  const downloads = useVideoDownloads();
  const savedFiles = useRef(downloads);
  savedFiles.current = downloads;
  const onPickTracks = useCallback(
    (format: SoftSubtitleFormat) => void savedFiles.current.tracks({ id: videoId }, format),
    [videoId],
  );
  const onPickZip = useCallback(() => void savedFiles.current.zip({ id: videoId }), [videoId]);
  const onSaveAndBurnIn = useCallback(() => setConfirmOpen(true), []);
  const onHelp = useCallback(() => setHelpOpen(true), []);
  // Built once per style, so the header keeps skipping the re-renders of typing.
  const styleChoice = useMemo(
    () => <EditorStyleSelect value={style} burned={video.style} custom={custom} onChange={setStyle} />,
    [style, video.style, custom],
  );
  const announced = useRef({ doc, problems: problemMessages });
  announced.current = { doc, problems: problemMessages };
  const revisionsLeft = session.revisions.max - session.revisions.used;
  const reburn = useReburnPurchase(videoId, session, restyled ? style : undefined, autosave);
  const saveLabel = saveButtonLabel(video.audioOnly, addedLanguage !== undefined);
  const title = video.title || video.filename;

  return (
    <Stack gap="xs" className={classes.workspace}>
      <EditorHeader
        title={title}
        status={status}
        videoId={videoId}
        language={ofLanguage.language}
        versions={session.versions}
        current={currentText}
        onStartFrom={onStartFrom}
        onDownloadSrt={onDownloadSrt}
        // Generated subtitles have a reading-speed plan; a user's own SRT has none, nor word timings.
        hasWordTimings={video.plan !== null}
        exporting={draftExport.busy || downloads.busy !== null}
        onExport={onExport}
        onPickTracks={onPickTracks}
        onPickZip={onPickZip}
        revisions={session.revisions}
        burningIn={saveAndBurnIn.isPending || restyle.isPending}
        onSaveAndBurnIn={onSaveAndBurnIn}
        onHelp={onHelp}
        audioOnly={video.audioOnly}
        // Audio alone has no picture: no style to burn with; nor is an added language burned here.
        styleChoice={video.audioOnly || addedLanguage ? undefined : styleChoice}
        reburn={reburn}
        addedLanguage={addedLanguage}
        languageSwitcher={languageSwitcher}
      />

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
        <EditorMedia
          videoId={videoId}
          mediaUrl={session.mediaUrl}
          audioOnly={video.audioOnly}
          label={`${title}, with the subtitles being edited`}
          language={video.language}
          ass={ass}
          media={media}
          onMedia={setMedia}
          peaks={peaks?.peaks ?? null}
          durationSeconds={video.durationSeconds}
          cues={previewDoc}
          selectedId={selectedId}
          shotChangesMs={shotChangesMs}
          onTiming={timing.onDragged}
          onRegionSelect={onPick}
          onPlayPause={onPlayPause}
        />

        <Stack gap={6} className={classes.listColumn}>
          <EditorToolbar
            canUndo={canUndo}
            canRedo={canRedo}
            hasSelection={selected !== null}
            onAction={onAction}
            onShift={onShift}
            findReplace={finder.panel}
          />
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <ProblemSummary summary={summary} onNextProblem={onNextProblem} />
            {video.plan === null && <OwnReadingSpeed value={ownCps} onChange={setOwnCps} />}
          </Group>
          <CueList
            ref={list}
            cues={doc}
            problems={problemMessages}
            selectedId={selectedId}
            capCps={capCps}
            onSelect={onSelect}
            onPick={onPick}
            onText={onText}
            onTiming={onTiming}
            onCursor={onCursor}
            onPosition={formatting.onPosition}
          />
          <CueAnnouncer selectedId={selectedId} latest={announced} media={media} />
          <CueComments videoId={videoId} cues={previewDoc} selectedId={selectedId} onPick={onPick} />
        </Stack>
      </div>

      <Modal opened={confirmOpen} onClose={() => setConfirmOpen(false)} title={saveLabel}>
        <Stack gap="sm">
          {addedLanguage ? (
            <Text size="sm">
              The {addedLanguage} subtitles become a new version. No revision is used and nothing is burned
              in: burn them in with “Burn in this language” in My Videos.
            </Text>
          ) : (
            <Text size="sm">
              This uses 1 of your {session.revisions.max} free revisions ({revisionsLeft} left). The subtitles
              become a new version
              {video.audioOnly
                ? ' (audio only: there is no video to burn them into)'
                : ` and the video is burned in again${restyled ? ` in ${styleInWords(look)}` : ''}`}
              .
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => void burnIn()}>{saveLabel}</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={blocker.state === 'blocked' && leaveUnsaved}
        onClose={() => blocker.reset?.()}
        title="Leave the editor?"
      >
        <Stack gap="sm">
          <Text size="sm">Your last changes could not be saved.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button
              onClick={async () => {
                if (await autosave.saveNow()) blocker.proceed?.();
              }}
            >
              Try again and leave
            </Button>
            <Button color="red" variant="light" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ShortcutSheet opened={helpOpen} onClose={() => setHelpOpen(false)} />
      <Text size="xs" c="dimmed">
        Drafts save by themselves; press <Kbd>?</Kbd> outside a text field for the keyboard shortcuts.
      </Text>
    </Stack>
  );
}
